/* row(cls, *fields): an instance of the tuple subclass ``cls`` (a game's NamedTuple state)
 * holding ``fields``, built in one call: what ``tuple.__new__(cls, fields)`` returns, without
 * the temporary tuple of the fields and the type's generic ``__new__`` wrapper between (see
 * rows.py, which falls back to exactly that where this module is not built). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *
row(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyTypeObject *type;
    PyObject *made;
    Py_ssize_t i, size = nargs - 1;

    if (nargs < 1 || !PyType_Check(args[0])
        || (type = (PyTypeObject *)args[0]) == &PyTuple_Type
        || !PyType_IsSubtype(type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError,
                        "row(cls, *fields) needs a subclass of tuple as cls, e.g. a NamedTuple");
        return NULL;
    }
#if PY_VERSION_HEX < 0x030E0000
    /* A subclass's instance is allocated as tuple.__new__ allocates it (tuple_subtype_new of
     * CPython 3.11-3.13): by the type, with room for its items; a GC type's instance comes
     * back tracked. */
    made = type->tp_alloc(type, size);
    if (made == NULL) {
        return NULL;
    }
    for (i = 0; i < size; i++) {
        Py_INCREF(args[i + 1]);
        PyTuple_SET_ITEM(made, i, args[i + 1]);
    }
    return made;
#else
    /* A newer tuple may hold more than its items (3.14 caches its hash): built by tuple.__new__
     * itself, only without the Python-level call. */
    PyObject *fields = PyTuple_New(size), *wrapped;
    if (fields == NULL) {
        return NULL;
    }
    for (i = 0; i < size; i++) {
        Py_INCREF(args[i + 1]);
        PyTuple_SET_ITEM(fields, i, args[i + 1]);
    }
    wrapped = PyTuple_Pack(1, fields);
    Py_DECREF(fields);
    if (wrapped == NULL) {
        return NULL;
    }
    made = PyTuple_Type.tp_new(type, wrapped, NULL);
    Py_DECREF(wrapped);
    return made;
#endif
}

static PyMethodDef methods[] = {
    {"row", (PyCFunction)(void (*)(void))row, METH_FASTCALL,
     "row(cls, *fields): the instance of the tuple subclass cls holding fields"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef rows_module = {
    PyModuleDef_HEAD_INIT, "tarocchi.core._rows", NULL, 0, methods,
};

PyMODINIT_FUNC
PyInit__rows(void)
{
    return PyModule_Create(&rows_module);
}

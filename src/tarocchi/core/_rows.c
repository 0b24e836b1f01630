/* row(cls, *fields): an instance of the tuple subclass ``cls`` (a game's NamedTuple state)
 * holding ``fields``, built in one call: what ``tuple.__new__(cls, fields)`` returns, without
 * the temporary tuple of the fields and the type's generic ``__new__`` wrapper between (see
 * rows.py, which falls back to exactly that where this module is not built).
 * replaced(state, at, value, ...): ``state`` (of such a class) with the field at position ``at``
 * holding ``value``, for each pair, the others as they are, built the same way (see
 * positional.py, which falls back to a list and ``tuple.__new__``). */
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

static PyObject *
replaced(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *state, *made, *item;
    PyTypeObject *type;
    Py_ssize_t i, at, size;

    if (nargs < 1 || nargs % 2 != 1 || !PyTuple_Check(args[0])
        || (type = Py_TYPE(args[0])) == &PyTuple_Type) {
        PyErr_SetString(PyExc_TypeError,
                        "replaced(state, at, value, ...) needs an instance of a subclass of tuple "
                        "(e.g. a NamedTuple) and pairs of a position and a value");
        return NULL;
    }
    state = args[0];
    size = PyTuple_GET_SIZE(state);
#if PY_VERSION_HEX < 0x030E0000
    made = type->tp_alloc(type, size);  /* as row: tuple_subtype_new's allocation */
#else
    made = PyTuple_New(size);  /* as row: a plain tuple first, then tuple.__new__ itself */
#endif
    if (made == NULL) {
        return NULL;
    }
    for (i = 0; i < size; i++) {
        item = PyTuple_GET_ITEM(state, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(made, i, item);
    }
    for (i = 1; i < nargs; i += 2) {
        at = PyLong_Check(args[i]) ? PyLong_AsSsize_t(args[i]) : -1;
        if (at < 0 || at >= size) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_IndexError, "replaced: no field at position %R of %zd", args[i], size);
            }
            Py_DECREF(made);  /* whole: every item is set */
            return NULL;
        }
        item = PyTuple_GET_ITEM(made, at);
        Py_INCREF(args[i + 1]);
        PyTuple_SET_ITEM(made, at, args[i + 1]);
        Py_DECREF(item);
    }
#if PY_VERSION_HEX < 0x030E0000
    return made;
#else
    {
        PyObject *wrapped = PyTuple_Pack(1, made), *typed;
        Py_DECREF(made);
        if (wrapped == NULL) {
            return NULL;
        }
        typed = PyTuple_Type.tp_new(type, wrapped, NULL);
        Py_DECREF(wrapped);
        return typed;
    }
#endif
}

static PyMethodDef methods[] = {
    {"row", (PyCFunction)(void (*)(void))row, METH_FASTCALL,
     "row(cls, *fields): the instance of the tuple subclass cls holding fields"},
    {"replaced", (PyCFunction)(void (*)(void))replaced, METH_FASTCALL,
     "replaced(state, at, value, ...): state with the field at each position at holding value"},
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

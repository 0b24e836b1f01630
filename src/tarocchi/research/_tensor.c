/* Writer(buffer): a callable that sets items of a writable one-dimensional buffer of float32 (a
 * seat's tensor) or int8 (a legal-action mask): ``writer(i, v, j, w, ...)`` sets item i to v,
 * item j to w, and so on, in one call. ``memoryview[i] = v`` goes through the generic item assignment and the struct module's
 * packing for each item; a compiled step that writes two or three items per event spends less
 * in one call of this (writers.py; docs/performance.md). The buffer is held, and its exporter
 * kept alive, as long as the writer lives. writers.py falls back to the memoryview where this
 * module is not built. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    Py_buffer view;
    char *items;
    Py_ssize_t length;
    Py_ssize_t stride;
    int floats; /* float32 items, else int8 */
} Writer;

static PyObject *
writer_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Writer *self = (Writer *)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf), k, i;
    double value;
    float item;
    long small;

    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) {
        PyErr_SetString(PyExc_TypeError,
                        "a Writer takes no keyword arguments: writer(i, v, j, w, ...)");
        return NULL;
    }
    if (nargs % 2 != 0) {
        PyErr_Format(PyExc_TypeError,
                     "a Writer takes pairs of an index and a value, writer(i, v, j, w, ...): "
                     "got %zd arguments",
                     nargs);
        return NULL;
    }
    for (k = 0; k < nargs; k += 2) {
        i = PyLong_AsSsize_t(args[k]);
        if (i == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (i < 0 || i >= self->length) {
            PyErr_Format(PyExc_IndexError, "index %zd is outside the buffer's items 0 to %zd", i,
                         self->length - 1);
            return NULL;
        }
        if (!self->floats) {
            small = PyLong_AsLong(args[k + 1]);
            if (small == -1 && PyErr_Occurred()) {
                return NULL;
            }
            if (small < -128 || small > 127) {
                PyErr_Format(PyExc_ValueError, "%ld is no int8: an item is from -128 to 127", small);
                return NULL;
            }
            self->items[i * self->stride] = (char)small;
            continue;
        }
        value = PyFloat_AsDouble(args[k + 1]);
        if (value == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
        item = (float)value; /* past float32's range: infinite, as the memoryview writes it */
        memcpy(self->items + i * self->stride, &item, sizeof item);
    }
    Py_RETURN_NONE;
}

static PyObject *
writer_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *buffer;
    Writer *self;
    static char *names[] = {"buffer", NULL};

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Writer", names, &buffer)) {
        return NULL;
    }
    self = (Writer *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    if (PyObject_GetBuffer(buffer, &self->view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_STRIDES) < 0) {
        self->view.obj = NULL;
        Py_DECREF(self);
        return NULL;
    }
    self->floats = self->view.format != NULL && strcmp(self->view.format, "f") == 0;
    if (self->view.ndim != 1 || self->view.suboffsets != NULL || self->view.format == NULL
        || !(self->floats || strcmp(self->view.format, "b") == 0)) {
        PyErr_Format(PyExc_TypeError,
                     "a Writer writes a one-dimensional buffer of float32 or int8 (format 'f' or "
                     "'b'): got %d dimensions of format '%s'",
                     self->view.ndim, self->view.format == NULL ? "B" : self->view.format);
        Py_DECREF(self);
        return NULL;
    }
    self->items = (char *)self->view.buf;
    self->length = self->view.shape[0];
    self->stride = self->view.strides[0];
    self->vectorcall = writer_call;
    return (PyObject *)self;
}

static void
writer_dealloc(Writer *self)
{
    if (self->view.obj != NULL) {
        PyBuffer_Release(&self->view);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject WriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tarocchi.research._tensor.Writer",
    .tp_basicsize = sizeof(Writer),
    .tp_dealloc = (destructor)writer_dealloc,
    .tp_vectorcall_offset = offsetof(Writer, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Writer(buffer): writer(i, v, j, w, ...) sets items i, j, ... of a float32 or int8 buffer",
    .tp_new = writer_new,
};

static struct PyModuleDef tensor_module = {
    PyModuleDef_HEAD_INIT, "tarocchi.research._tensor", NULL, 0, NULL,
};

PyMODINIT_FUNC
PyInit__tensor(void)
{
    PyObject *module;

    if (PyType_Ready(&WriterType) < 0) {
        return NULL;
    }
    module = PyModule_Create(&tensor_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&WriterType);
    if (PyModule_AddObject(module, "Writer", (PyObject *)&WriterType) < 0) {
        Py_DECREF(&WriterType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

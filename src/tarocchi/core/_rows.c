/* row(cls, *fields): an instance of the tuple subclass ``cls`` (a game's NamedTuple state)
 * holding ``fields``, built in one call: what ``tuple.__new__(cls, fields)`` returns, without
 * the temporary tuple of the fields and the type's generic ``__new__`` wrapper between (see
 * rows.py, which falls back to exactly that where this module is not built).
 * replaced(state, at, value, ...): ``state`` (of such a class) with the field at position ``at``
 * holding ``value``, for each pair, the others as they are, built the same way (see
 * positional.py, which falls back to a list and ``tuple.__new__``).
 * selected(items, mask): the items at the set bits of ``mask``, in bit order, as a tuple made
 * once (``cards.MaskMap.select``, which falls back to its byte tables). */
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

/* At most this many items: a pack's actions, a bit each (a mask of 80 cards is two words). */
#define SELECTED_WORDS 4
#define SELECTED_MOST (64 * SELECTED_WORDS)

static int
word_bits(unsigned long long word)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(word);
#else
    int count = 0;
    for (; word; word &= word - 1) {
        count++;
    }
    return count;
#endif
}

static int
lowest_bit(unsigned long long word)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(word);
#else
    int bit = 0;
    for (; !(word & 1); word >>= 1) {
        bit++;
    }
    return bit;
#endif
}

static int
past_items(void)
{
    PyErr_SetString(PyExc_ValueError, "selected: the mask has bits past the items");
    return -1;
}

/* ``mask`` as 64-bit words, lowest first: 0, or -1 with an exception set for a negative mask or
 * one with bits past ``size``. */
static int
mask_words(PyObject *mask, Py_ssize_t size, unsigned long long *words)
{
    Py_ssize_t i;
    int overflow;
#if PY_VERSION_HEX < 0x030C0000
    /* 3.11: the int's own 30-bit digits (cpython/longintrepr.h), read in place. */
    Py_ssize_t digits = Py_SIZE(mask);
    if (digits < 0) {
        PyErr_SetString(PyExc_ValueError, "selected: a negative mask");
        return -1;
    }
    for (i = 0; i < digits; i++) {
        unsigned long long digit = ((PyLongObject *)mask)->ob_digit[i];
        Py_ssize_t at = i * PyLong_SHIFT;
        if (!digit) {
            continue;
        }
        if (at >= SELECTED_MOST) {
            return past_items();
        }
        words[at / 64] |= digit << (at % 64);
        if (at % 64 + PyLong_SHIFT > 64 && digit >> (64 - at % 64)) {
            if (at / 64 + 1 >= SELECTED_WORDS) {
                return past_items();
            }
            words[at / 64 + 1] |= digit >> (64 - at % 64);
        }
    }
#else
    unsigned char bytes[8 * SELECTED_WORDS] = {0};
    if (_PyLong_Sign(mask) < 0) {
        PyErr_SetString(PyExc_ValueError, "selected: a negative mask");
        return -1;
    }
#if PY_VERSION_HEX < 0x030D0000
    if (_PyLong_AsByteArray((PyLongObject *)mask, bytes, sizeof bytes, 1, 0) < 0) {
        return -1;
    }
#else
    if (PyLong_AsNativeBytes(mask, bytes, sizeof bytes,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER)
        > (Py_ssize_t)sizeof bytes) {
        return past_items();
    }
#endif
    for (i = 0; i < (Py_ssize_t)sizeof bytes; i++) {
        words[i / 8] |= (unsigned long long)bytes[i] << (8 * (i % 8));
    }
#endif
    overflow = 0;
    for (i = 0; i < SELECTED_WORDS; i++) {
        if (64 * i >= size) {
            overflow |= words[i] != 0;
        }
        else if (size - 64 * i < 64) {
            overflow |= (words[i] >> (size - 64 * i)) != 0;
        }
    }
    return overflow ? past_items() : 0;
}

static PyObject *
selected(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *items, *made;
    unsigned long long words[SELECTED_WORDS] = {0};
    Py_ssize_t count = 0, i, k = 0;

    if (nargs != 2 || !PyTuple_Check(args[0]) || !PyLong_Check(args[1])
        || PyTuple_GET_SIZE(args[0]) > SELECTED_MOST) {
        PyErr_SetString(PyExc_TypeError,
                        "selected(items, mask) needs a tuple of at most 256 items and an int mask");
        return NULL;
    }
    items = args[0];
    if (mask_words(args[1], PyTuple_GET_SIZE(items), words) < 0) {
        return NULL;
    }
    for (i = 0; i < SELECTED_WORDS; i++) {
        count += word_bits(words[i]);
    }
    made = PyTuple_New(count);
    if (made == NULL || count == 0) {
        return made;
    }
    for (i = 0; i < SELECTED_WORDS; i++) {
        unsigned long long word;
        for (word = words[i]; word; word &= word - 1) {
            PyObject *item = PyTuple_GET_ITEM(items, 64 * i + lowest_bit(word));
            Py_INCREF(item);
            PyTuple_SET_ITEM(made, k++, item);
        }
    }
    return made;
}

static PyMethodDef methods[] = {
    {"row", (PyCFunction)(void (*)(void))row, METH_FASTCALL,
     "row(cls, *fields): the instance of the tuple subclass cls holding fields"},
    {"replaced", (PyCFunction)(void (*)(void))replaced, METH_FASTCALL,
     "replaced(state, at, value, ...): state with the field at each position at holding value"},
    {"selected", (PyCFunction)(void (*)(void))selected, METH_FASTCALL,
     "selected(items, mask): the items at the set bits of mask, in bit order"},
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

import cuda.tile as ct


@ct.kernel
def float_max(arr, vals):
    ct.static_assert(arr.dtype == ct.float32)
    i = ct.arange(16, dtype=ct.int32)
    old = ct.gather(arr, i)
    while True:
        new = ct.maximum(old, ct.gather(vals, i))
        prev = ct.atomic_cas(arr, i, old, new)
        if ct.sum(ct.where(prev != old, 1, 0)) == 0:
            break
        old = prev


@ct.kernel
def double_add(acc, x):
    ct.static_assert(acc.dtype == ct.float64)
    expected = ct.gather(acc, 0)
    got = ct.atomic_cas(acc, 0, expected, expected + x)
    while not ct.all(got == expected):
        expected = got
        got = ct.atomic_cas(acc, 0, expected, expected + x)


# Near misses: no finding.
@ct.kernel
def int_max(arr, vals):
    ct.static_assert(arr.dtype == ct.int32)
    i = ct.arange(16, dtype=ct.int32)
    old = ct.gather(arr, i)
    while True:
        prev = ct.atomic_cas(arr, i, old, ct.maximum(old, ct.gather(vals, i)))
        if ct.sum(ct.where(prev != old, 1, 0)) == 0:
            break
        old = prev


@ct.kernel
def float_bits_compared(arr, vals):
    ct.static_assert(arr.dtype == ct.float32)
    i = ct.arange(16, dtype=ct.int32)
    old = ct.gather(arr, i)
    while True:
        prev = ct.atomic_cas(arr, i, old, old + ct.gather(vals, i))
        if ct.sum(ct.where(ct.bitcast(prev, ct.int32) != ct.bitcast(old, ct.int32), 1, 0)) == 0:
            break
        old = prev


@ct.kernel
def dtype_unknown(arr, vals):
    # nothing in the kernel says arr holds floats
    old = ct.gather(arr, 0)
    while True:
        prev = ct.atomic_cas(arr, 0, old, old + 1)
        if ct.all(prev == old):
            break
        old = prev

# Correct cuTile kernels (negative corpus): compare-and-swap loops.
import cuda.tile as ct


@ct.kernel
def documented_example(array):
    # the atomic_cas page's example
    indices = ct.arange(32, dtype=ct.int32)
    expected = ct.full((32,), 1, dtype=ct.int32)
    desired = ct.arange(32, dtype=ct.int32)
    old_value = ct.atomic_cas(array, indices, expected, desired)


@ct.kernel
def float_max(arr, vals):
    ct.static_assert(arr.dtype == ct.float32)
    i = ct.arange(16, dtype=ct.int32)
    old = ct.gather(arr, i)
    while True:
        prev = ct.atomic_cas(arr, i, old, ct.maximum(old, ct.gather(vals, i)))
        # bit patterns, as the hardware compares them
        if ct.sum(ct.where(ct.bitcast(prev, ct.int32) != ct.bitcast(old, ct.int32), 1, 0)) == 0:
            break
        old = prev


@ct.kernel
def int_min(arr, vals):
    ct.static_assert(arr.dtype == ct.int64)
    old = ct.gather(arr, 0)
    while True:
        prev = ct.atomic_cas(arr, 0, old, ct.minimum(old, ct.gather(vals, 0)))
        if ct.all(prev == old):
            break
        old = prev

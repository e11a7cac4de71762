# RUN: %expect-exit 1 %cuatomlint --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cas-float-compare' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
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
        # CHECK: cas-float-compare.py:[[@LINE-2]]:28: warning: the atomic_cas retry loop compares float values ('prev != old'): NaN never equals itself, so the loop spins forever on NaN, and -0.0 equals +0.0 while the hardware compares bits; compare the bit patterns [cas-float-compare]
        # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:28-[[@LINE-3]]:32}:"ct.bitcast(prev, ct.int32)"
        # CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:36-[[@LINE-4]]:39}:"ct.bitcast(old, ct.int32)"
        # FIXED: if ct.sum(ct.where(ct.bitcast(prev, ct.int32) != ct.bitcast(old, ct.int32), 1, 0)) == 0:
        old = prev


@ct.kernel
def double_add(acc, x):
    ct.static_assert(acc.dtype == ct.float64)
    expected = ct.gather(acc, 0)
    got = ct.atomic_cas(acc, 0, expected, expected + x)
    while not ct.all(got == expected):
        # CHECK: cas-float-compare.py:[[@LINE-1]]:22: warning: the atomic_cas retry loop compares float values ('got == expected'){{.*}} [cas-float-compare]
        # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:22-[[@LINE-2]]:25}:"ct.bitcast(got, ct.int64)"
        expected = got
        got = ct.atomic_cas(acc, 0, expected, expected + x)
        # FIXED: while not ct.all(ct.bitcast(got, ct.int64) == ct.bitcast(expected, ct.int64)):


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

# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-unchecked-bounds' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-unchecked-bounds]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cutile-unchecked-bounds' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct

TILE = 64


@ct.kernel
def histogram(hist, keys):
    k = ct.load(keys, index=(ct.bid(0),), shape=(TILE,))
    ct.atomic_add(hist, k, 1, check_bounds=False)
    # CHECK: unchecked-bounds.py:[[@LINE-1]]:31: warning: atomic_add with check_bounds=False, but nothing in the kernel clamps or masks its indices against the array's shape: an index out of range is undefined behaviour [cutile-unchecked-bounds]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:29-[[@LINE-2]]:49}:""
    # FIXED: ct.atomic_add(hist, k, 1)
    v = ct.gather(hist, k + 1, check_bounds=False, padding_value=0)
    # CHECK: unchecked-bounds.py:[[@LINE-1]]:32: warning: gather with check_bounds=False{{.*}} [cutile-unchecked-bounds]
    # FIXED: v = ct.gather(hist, k + 1, padding_value=0)
    ct.scatter(hist, k, v, check_bounds=False)
    # CHECK: unchecked-bounds.py:[[@LINE-1]]:28: warning: scatter with check_bounds=False{{.*}} [cutile-unchecked-bounds]


# Near misses: no finding.
@ct.kernel
def clamped(hist, keys):
    k = ct.load(keys, index=(ct.bid(0),), shape=(TILE,))
    kk = ct.minimum(k, hist.shape[0] - 1)
    ct.atomic_add(hist, kk, 1, check_bounds=False)
    wrapped = k % TILE
    ct.atomic_add(hist, wrapped, 1, check_bounds=False)
    ct.atomic_add(hist, ct.where(k < hist.shape[0], k, 0), 1, check_bounds=False)
    ct.gather(hist, k, mask=k < 10, check_bounds=False)
    ct.atomic_add(hist, k, 1)
    ct.atomic_add(hist, k, 1, check_bounds=True)

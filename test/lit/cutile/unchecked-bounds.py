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


# ct.load/ct.store take check_bounds= (after cuda.tile 1.5.0) with a tile index: judged only
# where the index comes from data the kernel read.
@ct.kernel
def tiles_from_data(x, out, order):
    j = ct.load(order, index=(ct.bid(0),), shape=())
    t = ct.load(x, index=(j,), shape=(TILE,), check_bounds=False)
    # CHECK: unchecked-bounds.py:[[@LINE-1]]:47: warning: load with check_bounds=False{{.*}} [cutile-unchecked-bounds]
    # FIXED: t = ct.load(x, index=(j,), shape=(TILE,))
    ct.store(out, (j, 0), t, check_bounds=False)
    # CHECK: unchecked-bounds.py:[[@LINE-1]]:30: warning: store with check_bounds=False{{.*}} [cutile-unchecked-bounds]


@ct.kernel
def tiles_from_bid(x, out):
    # the block's own tile: the launch grid keeps it inside, which the file cannot show
    b = ct.bid(0)
    t = ct.load(x, index=(b,), shape=(TILE,), check_bounds=False)
    ct.store(out, index=(b,), tile=t, check_bounds=False)
    for i in range(ct.num_tiles(x, 0, (TILE,))):
        ct.store(out, (i,), ct.load(x, (i,), (TILE,), check_bounds=False), check_bounds=False)

# Correct cuTile kernels (negative corpus): histograms.
import cuda.tile as ct
from cuda.tile import atomic_add

BINS = 64
TILE = 1024


@ct.kernel
def histogram(keys, hist):
    bid = ct.bid(0)
    k = ct.load(keys, index=(bid,), shape=(TILE,))
    atomic_add(hist, k, 1)


@ct.kernel
def histogram_clamped(keys, hist):
    bid = ct.bid(0)
    k = ct.load(keys, index=(bid,), shape=(TILE,))
    b = ct.minimum(ct.maximum(k, 0), hist.shape[0] - 1)
    # clamped against the shape: unchecked bounds are safe here
    atomic_add(hist, b, 1, check_bounds=False)


@ct.kernel
def histogram_2d(keys, hist2d):
    ct.static_assert(hist2d.ndim == 2)
    ct.static_assert(hist2d.dtype == ct.int32)
    bid = ct.bid(0)
    k = ct.load(keys, index=(bid,), shape=(TILE,))
    atomic_add(hist2d, (bid % 4, k % BINS), 1)

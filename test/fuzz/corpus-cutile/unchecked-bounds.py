import cuda.tile as ct

TILE = 64


@ct.kernel
def histogram(hist, keys):
    k = ct.load(keys, index=(ct.bid(0),), shape=(TILE,))
    ct.atomic_add(hist, k, 1, check_bounds=False)
    v = ct.gather(hist, k + 1, check_bounds=False, padding_value=0)
    ct.scatter(hist, k, v, check_bounds=False)


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

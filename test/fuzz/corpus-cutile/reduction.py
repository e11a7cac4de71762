# Correct cuTile kernels (negative corpus): a sum reduction whose partial
# sums meet in one atomic_add with the default ordering.
import cuda.tile as ct

TILE = 256


@ct.kernel
def sum_kernel(x, out, n: ct.Constant[int]):
    bid = ct.bid(0)
    tile = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    partial = ct.sum(tile)
    ct.atomic_add(out, 0, partial)


@ct.kernel
def relaxed_counter(counter):
    # a statistics counter nobody waits on: RELAXED is right
    ct.atomic_add(counter, 0, 1, memory_order=ct.MemoryOrder.RELAXED)


@ct.kernel
def per_block_partials(partials, x):
    bid = ct.bid(0)
    tile = ct.load(x, index=(bid,), shape=(TILE,))
    # each block owns its slot: block scope is enough
    ct.atomic_add(partials, bid, ct.sum(tile), memory_scope=ct.MemoryScope.BLOCK)

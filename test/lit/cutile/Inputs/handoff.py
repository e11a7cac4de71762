# Correct cuTile kernels (negative corpus): block-to-block handoffs, barriers and ordered
# loads/stores as cuda.tile 1.3+ accepts them (memory_order with a memory_scope on
# ct.load/ct.store, DEVICE scope between blocks), and ranks stated by annotations.
from typing import Annotated

import cuda.tile as ct
from cuda.tile import MemoryOrder, MemoryScope

Tile2D = Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(0, 1))]


@ct.kernel
def chain(data, flags, out, TILE: ct.Constant[int]):
    # block b waits for block b - 1, then hands on to block b + 1
    b = ct.bid(0)
    if b > 0:
        while ct.sum(ct.load(flags, index=(b,), shape=(1,),
                             memory_order=MemoryOrder.ACQUIRE,
                             memory_scope=MemoryScope.DEVICE)) == 0:
            pass
    t = ct.load(data, index=(b,), shape=(TILE,))
    ct.store(out, index=(b,), tile=t)
    ct.store(flags, index=(b + 1,), tile=ct.full((1,), 1, dtype=ct.int32),
             memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.DEVICE)


@ct.kernel
def barrier(data, count, out, n, TILE: ct.Constant[int]):
    b = ct.bid(0)
    ct.store(data, index=(b,), tile=ct.full((TILE,), 1, dtype=ct.int32))
    arrived = ct.atomic_add(count, 0, 1, memory_order=MemoryOrder.ACQ_REL)
    while arrived < n - 1:
        arrived = ct.atomic_add(count, 0, 0, memory_order=MemoryOrder.ACQUIRE)
    ct.store(out, index=(b,), tile=ct.load(data, index=((b + 1) % n,), shape=(TILE,)))


@ct.kernel
def own_slots(slots, flags):
    # each block publishes and reads back its own element: block scope is enough
    b = ct.bid(0)
    ct.atomic_xchg(slots, b, 1, memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.BLOCK)
    while ct.atomic_add(slots, b, 0, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 0:
        pass


@ct.kernel
def grid_counts(grid: Tile2D, keys, TILE: ct.Constant[int]):
    M, N = grid.shape
    k = ct.load(keys, index=(ct.bid(0),), shape=(TILE,))
    ct.atomic_add(grid, (k % M, ct.bid(0) % N), 1)

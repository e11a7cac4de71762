import cuda.tile as ct
from cuda.tile import MemoryOrder, MemoryScope, atomic_add


@ct.kernel
def args(counts, grid, table):
    ct.static_assert(counts.dtype == ct.int32)
    ct.static_assert(grid.ndim == 2)
    t = ct.load(table, index=(0, 0, 0), shape=(2, 2, 2))
    ct.atomic_add(counts, 0, 1.5)
    ct.atomic_cas(counts, 0, 0, -2.0)
    atomic_add(grid, (0,), 1)
    ct.atomic_xchg(table, (0, 1), t)
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.WEAK)
    ct.atomic_add(counts, 0, 1, memory_scope=ct.MemoryScope.NONE)
    ct.atomic_add(counts, 0, 1, memory_scope=MemoryScope.GPU)
    ct.atomic_add(counts, 0, 1, memory_order=MemoryScope.DEVICE)
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.SEQ_CST)


# Near misses: no finding.
@ct.kernel
def fine(counts, grid, values, anything):
    ct.static_assert(counts.dtype == ct.int32)
    ct.static_assert(grid.ndim == 2)
    ct.static_assert(values.dtype == ct.float32)
    ct.atomic_add(counts, 0, 1)
    ct.atomic_add(values, 0, 1.5)
    ct.atomic_add(grid, (0, ct.bid(0)), 1)
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.SYS)
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.RELAXED, memory_scope=MemoryScope.BLOCK)
    # rank and dtype unknown: nothing to compare with
    ct.atomic_add(anything, (0, 1, 2), 2.5)
    idx = (0, 1)
    ct.atomic_add(grid, idx, 1)


def not_a_kernel(counts):
    ct.static_assert(counts.dtype == ct.int32)
    ct.atomic_add(counts, 0, 1.5)

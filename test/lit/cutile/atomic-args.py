# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-atomic-args]'
import cuda.tile as ct
from cuda.tile import MemoryOrder, MemoryScope, atomic_add


@ct.kernel
def args(counts, grid, table):
    ct.static_assert(counts.dtype == ct.int32)
    ct.static_assert(grid.ndim == 2)
    t = ct.load(table, index=(0, 0, 0), shape=(2, 2, 2))
    ct.atomic_add(counts, 0, 1.5)
    # CHECK: atomic-args.py:[[@LINE-1]]:30: error: atomic_add: a float literal into 'counts', an array of int32 [cutile-atomic-args]
    ct.atomic_cas(counts, 0, 0, -2.0)
    # CHECK: atomic-args.py:[[@LINE-1]]:34: error: atomic_cas: a float literal into 'counts', an array of int32 [cutile-atomic-args]
    atomic_add(grid, (0,), 1)
    # CHECK: atomic-args.py:[[@LINE-1]]:22: error: atomic_add: 1 indices for 'grid', an array of rank 2 (indices need one entry per dimension) [cutile-atomic-args]
    ct.atomic_xchg(table, (0, 1), t)
    # CHECK: atomic-args.py:[[@LINE-1]]:27: error: atomic_xchg: 2 indices for 'table', an array of rank 3 {{.*}} [cutile-atomic-args]
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.WEAK)
    # CHECK: atomic-args.py:[[@LINE-1]]:46: error: memory_order=MemoryOrder.WEAK: atomic_add rejects it (atomics take RELAXED, ACQUIRE, RELEASE or ACQ_REL) [cutile-atomic-args]
    ct.atomic_add(counts, 0, 1, memory_scope=ct.MemoryScope.NONE)
    # CHECK: atomic-args.py:[[@LINE-1]]:46: error: memory_scope=MemoryScope.NONE: atomic_add rejects it (atomics take BLOCK, DEVICE or SYS) [cutile-atomic-args]
    ct.atomic_add(counts, 0, 1, memory_scope=MemoryScope.GPU)
    # CHECK: atomic-args.py:[[@LINE-1]]:46: error: memory_scope=MemoryScope.GPU: cuda.tile.MemoryScope has no member 'GPU' [cutile-atomic-args]
    ct.atomic_add(counts, 0, 1, memory_order=MemoryScope.DEVICE)
    # CHECK: atomic-args.py:[[@LINE-1]]:46: error: memory_order=MemoryScope.DEVICE is not a cuda.tile.MemoryOrder [cutile-atomic-args]
    ct.atomic_add(counts, 0, 1, memory_order=MemoryOrder.SEQ_CST)
    # CHECK: atomic-args.py:[[@LINE-1]]:46: error: memory_order=MemoryOrder.SEQ_CST: cuda.tile.MemoryOrder has no member 'SEQ_CST' [cutile-atomic-args]


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

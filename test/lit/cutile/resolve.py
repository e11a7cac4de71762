# The resolver: every way the file can name cuda.tile, kernels with and
# without decorator arguments, and names that are not cuda.tile's.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-atomic-args]'
import cuda.tile
import cuda.tile as ct
from cuda import tile as tl
from cuda.tile import MemoryOrder as Order, atomic_add as add, kernel
import numpy as np

try:
    from cuda.tile import atomic_or
except ImportError:
    atomic_or = None


@cuda.tile.kernel
def dotted(a):
    cuda.tile.atomic_add(a, 0, 1, memory_order=cuda.tile.MemoryOrder.WEAK)
    # CHECK: resolve.py:[[@LINE-1]]:48: error: memory_order=MemoryOrder.WEAK: atomic_add rejects it {{.*}} [cutile-atomic-args]


@ct.kernel(num_ctas=2)
def with_arguments(a):
    tl.atomic_xchg(a, 0, 1, memory_order=tl.MemoryOrder.STRONG)
    # CHECK: resolve.py:[[@LINE-1]]:42: error: memory_order=MemoryOrder.STRONG: cuda.tile.MemoryOrder has no member 'STRONG' [cutile-atomic-args]


@kernel
def from_imports(a):
    add(a, 0, 1, memory_order=Order.SEQ_CST)
    # CHECK: resolve.py:[[@LINE-1]]:31: error: memory_order=MemoryOrder.SEQ_CST: {{.*}} [cutile-atomic-args]
    atomic_or(a, 0, 1, memory_scope=ct.MemoryScope.CLUSTER)
    # CHECK: resolve.py:[[@LINE-1]]:37: error: memory_scope=MemoryScope.CLUSTER: atomic_or rejects it (atomics take BLOCK, DEVICE or SYS) [cutile-atomic-args]


@tl.function
def device_function(a):
    add(a, 0, 1, memory_order=Order.WEAK)
    # CHECK: resolve.py:[[@LINE-1]]:31: error: memory_order=MemoryOrder.WEAK: {{.*}} [cutile-atomic-args]


# Not cuda.tile: no finding.
@np.vectorize
def numpy_function(a):
    add(a, 0, 1, memory_order=Order.WEAK)


@ct.kernel
def shadowed(a, np_order):
    np.atomic_add(a, 0, 1, memory_order=np.MemoryOrder.WEAK)
    ct.atomic_add(a, 0, 1, memory_order=np_order)

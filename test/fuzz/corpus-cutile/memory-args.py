# memory_order=/memory_scope= as cuda.tile 1.5.0 accepts them (src/cuda/tile/_memory_model.py,
# the VALID_MEMORY_ORDERS/SCOPES of its load, store and atomic ops, and the rule that WEAK goes
# with MemoryScope.NONE only): ct.load takes WEAK, RELAXED, ACQUIRE; ct.store WEAK, RELAXED,
# RELEASE; atomics RELAXED, ACQUIRE, RELEASE, ACQ_REL with BLOCK, DEVICE or SYS (NONE and the
# cuda.lang-only CLUSTER are members but rejected); gather/scatter take no order.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-atomic-args]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cutile-atomic-args' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryOrder


@ct.kernel
def wrong(x, flags, idx):
    t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.ACQUIRE)
    # CHECK: memory-args.py:[[@LINE-1]]:45: error: load with memory_order=MemoryOrder.ACQUIRE needs a memory_scope: MemoryScope.NONE, the default, goes only with WEAK, and cuda.tile rejects the call [cutile-atomic-args]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:64-[[@LINE-2]]:64}:", memory_scope=ct.MemoryScope.DEVICE"
    # FIXED: t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE)
    t = ct.load(x, (0,), (4,), memory_order=ct.MemoryOrder.RELAXED, memory_scope=ct.MemoryScope.NONE)
    # CHECK: memory-args.py:[[@LINE-1]]:45: error: load with memory_order=MemoryOrder.RELAXED needs a memory_scope: MemoryScope.NONE goes only with WEAK, and cuda.tile rejects the call [cutile-atomic-args]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:97-[[@LINE-2]]:101}:"DEVICE"
    # FIXED: t = ct.load(x, (0,), (4,), memory_order=ct.MemoryOrder.RELAXED, memory_scope=ct.MemoryScope.DEVICE)
    t = ct.load(x, (0,), (4,), memory_order=ct.MemoryOrder.RELEASE, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:45: error: memory_order=MemoryOrder.RELEASE: load rejects it (load takes WEAK, RELAXED or ACQUIRE) [cutile-atomic-args]
    ct.store(x, (0,), t, memory_order=ct.MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:39: error: memory_order=MemoryOrder.ACQUIRE: store rejects it (store takes WEAK, RELAXED or RELEASE) [cutile-atomic-args]
    ct.store(x, (0,), t, memory_order=ct.MemoryOrder.ACQ_REL, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:39: error: memory_order=MemoryOrder.ACQ_REL: store rejects it {{.*}} [cutile-atomic-args]
    ct.store(x, (0,), t, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:39: error: store with memory_scope=MemoryScope.DEVICE but the default WEAK ordering: a scope goes only with RELAXED or RELEASE, and cuda.tile rejects the call [cutile-atomic-args]
    ct.store(x, (0,), t, memory_order=ct.MemoryOrder.WEAK, memory_scope=ct.MemoryScope.BLOCK)
    # CHECK: memory-args.py:[[@LINE-1]]:73: error: store with memory_scope=MemoryScope.BLOCK but WEAK ordering: a scope goes only with RELAXED or RELEASE, and cuda.tile rejects the call [cutile-atomic-args]
    ct.atomic_add(flags, 0, 1, memory_scope=ct.MemoryScope.CLUSTER)
    # CHECK: memory-args.py:[[@LINE-1]]:45: error: memory_scope=MemoryScope.CLUSTER: atomic_add rejects it (atomics take BLOCK, DEVICE or SYS) [cutile-atomic-args]
    ct.atomic_xchg(flags, 0, 1, memory_order=MemoryOrder.WEAK)
    # CHECK: memory-args.py:[[@LINE-1]]:46: error: memory_order=MemoryOrder.WEAK: atomic_xchg rejects it (atomics take RELAXED, ACQUIRE, RELEASE or ACQ_REL) [cutile-atomic-args]
    ct.load(x, (0,), (4,), memory_order=MemoryOrder.SEQ_CST, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:41: error: memory_order=MemoryOrder.SEQ_CST: cuda.tile.MemoryOrder has no member 'SEQ_CST' [cutile-atomic-args]
    ct.gather(x, idx, memory_order=MemoryOrder.ACQUIRE)
    # CHECK: memory-args.py:[[@LINE-1]]:23: error: gather takes no memory_order (cuda.tile rejects the call); order a read or a write with an atomic, or ct.load/ct.store with memory_order [cutile-atomic-args]
    ct.scatter(x, idx, t, memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: memory-args.py:[[@LINE-1]]:27: error: scatter takes no memory_scope {{.*}} [cutile-atomic-args]


# Near misses: no finding.
@ct.kernel
def right(x, flags, order):
    t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE)
    t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.RELAXED, memory_scope=ct.MemoryScope.BLOCK)
    t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.WEAK)
    t = ct.load(x, (0,), (4,), memory_order=MemoryOrder.WEAK, memory_scope=ct.MemoryScope.NONE)
    t = ct.load(x, (0,), (4,))
    ct.store(x, (0,), t, memory_order=ct.MemoryOrder.RELEASE, memory_scope=ct.MemoryScope.SYS)
    ct.store(x, (0,), t)
    ct.atomic_add(flags, 0, 1, memory_order=MemoryOrder.ACQ_REL, memory_scope=ct.MemoryScope.SYS)
    # an order the file does not name: not judged
    t = ct.load(x, (0,), (4,), memory_order=order)
    # a tiled view's load is not ct.load
    tv = x.tiled_view(4)
    t = tv.load(0, memory_order=MemoryOrder.ACQUIRE)

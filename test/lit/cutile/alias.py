# Module-level aliases of MemoryScope/MemoryOrder members ("BLOCK = ct.MemoryScope.BLOCK")
# resolve wherever the module uses them, for every check that reads memory_scope=/memory_order=.
# A name bound anywhere else too (reassigned, a parameter, a local, a loop variable, imported)
# may be something else there (a with/except/loop/comprehension/walrus/lambda variable, a
# global, del, a *args name, an import): it does not resolve.  A fix changes the call, not the alias.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-atomic-args,cutile-relaxed-sync,scope-mismatch,cutile-plain-poll' %s 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cutile-atomic-args,cutile-relaxed-sync,scope-mismatch,cutile-plain-poll' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryOrder

BLOCK = ct.MemoryScope.BLOCK
RELAXED = MemoryOrder.RELAXED
CLUSTER = ct.MemoryScope.CLUSTER
SCOPE = BLOCK
ORDER: MemoryOrder = RELAXED

# near misses: rebound or shadowed somewhere in the module
REASSIGNED = ct.MemoryScope.BLOCK
REASSIGNED = ct.MemoryScope.DEVICE
PARAM = ct.MemoryScope.BLOCK
LOCAL = ct.MemoryScope.BLOCK
LOOPED = ct.MemoryScope.BLOCK
AUGMENTED = ct.MemoryOrder.RELAXED
AUGMENTED += 0
UNPACKED = ct.MemoryScope.BLOCK
UNPACKED, OTHER = ct.MemoryScope.DEVICE, 0
if True:
    NESTED = ct.MemoryScope.BLOCK
NOT_A_MEMBER = ct.bid
WEAK = MemoryOrder.WEAK
W = ct.MemoryScope.BLOCK
E = ct.MemoryScope.BLOCK
G = ct.MemoryScope.BLOCK
L = ct.MemoryScope.BLOCK
C = ct.MemoryScope.BLOCK
N = ct.MemoryScope.BLOCK
D = ct.MemoryScope.BLOCK
I = ct.MemoryScope.BLOCK
T = ct.MemoryScope.BLOCK
K = ct.MemoryScope.BLOCK
import os as I


def binds_them_all(x, *T, **K):
    global G
    with open(x) as W:
        pass
    try:
        pass
    except Exception as E:
        pass
    g = lambda L: L
    y = [C for C in range(3)]
    if (N := 3):
        pass
    del D


@ct.kernel
def through_aliases(counter, lock, data, out):
    ct.atomic_add(counter, 0, 1, memory_scope=BLOCK)
    # CHECK: alias.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that do not depend on ct.bid(): {{.*}} [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:47-[[@LINE-2]]:52}:"ct.MemoryScope.DEVICE"
    # FIXED: ct.atomic_add(counter, 0, 1, memory_scope=ct.MemoryScope.DEVICE)
    ct.atomic_add(counter, 0, 1, memory_scope=(SCOPE))
    # CHECK: alias.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices {{.*}} [scope-mismatch]
    # FIXED: ct.atomic_add(counter, 0, 1, memory_scope=(ct.MemoryScope.DEVICE))
    ct.atomic_add(counter, 0, 1, memory_scope=CLUSTER)
    # CHECK: alias.py:[[@LINE-1]]:47: error: memory_scope=MemoryScope.CLUSTER: atomic_add rejects it (atomics take BLOCK, DEVICE or SYS) [cutile-atomic-args]
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ORDER) != 0:
        pass
    # CHECK: alias.py:[[@LINE-2]]:11: warning: atomic_cas with MemoryOrder.RELAXED in a loop that waits on its result{{.*}} [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:53-[[@LINE-3]]:58}:"MemoryOrder.ACQUIRE"
    # FIXED: while ct.atomic_cas(lock, 0, 0, 1, memory_order=MemoryOrder.ACQUIRE) != 0:
    t = ct.load(data, (0,), (4,), memory_order=RELAXED)
    # CHECK: alias.py:[[@LINE-1]]:48: error: load with memory_order=MemoryOrder.RELAXED needs a memory_scope{{.*}} [cutile-atomic-args]
    ct.store(out, (0,), t)
    while ct.sum(ct.load(lock, index=(0,), shape=(1,), memory_order=WEAK)) == 0:
        pass
    # CHECK: alias.py:[[@LINE-2]]:18: warning: a loop polls 'lock' with a plain ct.load{{.*}} [cutile-plain-poll]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:56-[[@LINE-3]]:73}:"memory_order=MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE"
    # FIXED: while ct.sum(ct.load(lock, index=(0,), shape=(1,), memory_order=MemoryOrder.ACQUIRE, memory_scope=ct.MemoryScope.DEVICE)) == 0:


@ct.kernel
def near_misses(counter, PARAM, data):
    for LOOPED in range(2):
        pass
    LOCAL = 0
    ct.atomic_add(counter, 0, 1, memory_scope=REASSIGNED)
    ct.atomic_add(counter, 0, 1, memory_scope=PARAM)
    ct.atomic_add(counter, 0, 1, memory_scope=LOCAL)
    ct.atomic_add(counter, 0, 1, memory_scope=LOOPED)
    ct.atomic_add(counter, 0, 1, memory_scope=UNPACKED)
    ct.atomic_add(counter, 0, 1, memory_scope=NESTED)
    ct.atomic_add(counter, 0, 1, memory_scope=NOT_A_MEMBER)
    ct.atomic_add(counter, 0, 1, memory_scope=UNDEFINED)
    t = ct.load(data, (0,), (4,), memory_order=AUGMENTED)
    for s in (W, E, G, L, C, N, D, I, T, K):
        ct.atomic_add(counter, 0, 1, memory_scope=s)
    ct.atomic_add(counter, 0, 1, memory_scope=W)
    ct.atomic_add(counter, 0, 1, memory_scope=E)
    ct.atomic_add(counter, 0, 1, memory_scope=G)
    ct.atomic_add(counter, 0, 1, memory_scope=L)
    ct.atomic_add(counter, 0, 1, memory_scope=C)
    ct.atomic_add(counter, 0, 1, memory_scope=N)
    ct.atomic_add(counter, 0, 1, memory_scope=D)
    ct.atomic_add(counter, 0, 1, memory_scope=I)
    ct.atomic_add(counter, 0, 1, memory_scope=T)
    ct.atomic_add(counter, 0, 1, memory_scope=K)
    # per-block element through an alias: no finding
    ct.atomic_add(counter, ct.bid(0), 1, memory_scope=BLOCK)
    ct.atomic_add(counter, 0, 1, memory_scope=ct.MemoryScope.DEVICE)

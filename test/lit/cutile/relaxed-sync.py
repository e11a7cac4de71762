# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-relaxed-sync]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cutile-relaxed-sync' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryOrder as MO, atomic_xchg as xchg


def helper(lock):
    # not a kernel: not judged
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=MO.RELAXED) != 0:
        pass


@ct.kernel
def spin_lock(data, lock, out):
    bid = ct.bid(0)
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.RELAXED) != 0:
        pass
    # CHECK: relaxed-sync.py:[[@LINE-2]]:11: warning: atomic_cas with MemoryOrder.RELAXED in a loop that waits on its result: RELAXED cannot synchronize between threads, so what the writer published before may not be visible after the loop; use ACQUIRE [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:68-[[@LINE-3]]:75}:"ACQUIRE"
    # FIXED: while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) != 0:
    t = ct.load(data, index=(bid,), shape=(16,))
    ct.store(out, index=(bid,), tile=t)
    xchg(lock, 0, 0, memory_order=MO.RELAXED)
    # CHECK: relaxed-sync.py:[[@LINE-1]]:5: warning: atomic_xchg with MemoryOrder.RELAXED releases a lock this kernel acquires in a loop: the critical section's writes may become visible after the lock is free; use RELEASE [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:38-[[@LINE-2]]:45}:"RELEASE"
    # FIXED: xchg(lock, 0, 0, memory_order=MO.RELEASE)


@ct.kernel
def xchg_lock(lock, out):
    old = xchg(lock, 0, 1, memory_order=MO.RELAXED)
    # CHECK: relaxed-sync.py:[[@LINE-1]]:11: warning: atomic_xchg with MemoryOrder.RELAXED in a loop that waits {{.*}} [cutile-relaxed-sync]
    while old != 0:
        old = xchg(lock, 0, 1, memory_order=MO.RELAXED)
    # CHECK: relaxed-sync.py:[[@LINE-1]]:15: warning: atomic_xchg with MemoryOrder.RELAXED in a loop that waits {{.*}} [cutile-relaxed-sync]
    ct.store(out, index=(0,), tile=ct.full((1,), 1, dtype=ct.int32))
    xchg(lock, 0, 0, memory_order=MO.RELEASE)


@ct.kernel
def poll_counter(counter, out):
    seen = ct.atomic_add(counter, 0, 0, memory_order=MO.RELAXED)
    # CHECK: relaxed-sync.py:[[@LINE-1]]:12: warning: atomic_add with MemoryOrder.RELAXED in a loop that waits on its result{{.*}} [cutile-relaxed-sync]
    while seen < 8:
        seen = ct.atomic_add(counter, 0, 0, memory_order=MO.RELAXED)
    # CHECK: relaxed-sync.py:[[@LINE-1]]:16: warning: atomic_add with MemoryOrder.RELAXED in a loop that waits on its result{{.*}} [cutile-relaxed-sync]
    # FIXED: seen = ct.atomic_add(counter, 0, 0, memory_order=MO.ACQUIRE)


# Near misses: no finding.
@ct.kernel
def counters(hist, keys):
    k = ct.load(keys, index=(ct.bid(0),), shape=(64,))
    # a relaxed counter: nothing waits on it
    ct.atomic_add(hist, k, 1, memory_order=MO.RELAXED)
    for i in range(4):
        ct.atomic_add(hist, i, 1, memory_order=MO.RELAXED)
    # a relaxed add of 1 in a loop that tests its result is a ticket, not a read
    t = ct.atomic_add(hist, 0, 1, memory_order=MO.RELAXED)
    while t > 100:
        t = ct.atomic_add(hist, 0, 1, memory_order=MO.RELAXED)


@ct.kernel
def lock_done_right(lock, other, out):
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=MO.ACQUIRE) != 0:
        pass
    ct.store(out, index=(0,), tile=ct.full((1,), 1, dtype=ct.int32))
    xchg(lock, 0, 0, memory_order=MO.RELEASE)
    # a relaxed exchange on an array no loop acquires
    xchg(other, 0, 0, memory_order=MO.RELAXED)
    # the default order (ACQ_REL)
    while ct.atomic_cas(lock, 0, 0, 1) != 0:
        pass


def atomic_cas(a, i, e, d, memory_order=None):
    return 0


@ct.kernel
def not_cuda_tile(lock):
    # a user function of the same name is not cuda.tile's
    while atomic_cas(lock, 0, 0, 1, memory_order=MO.RELAXED) != 0:
        pass


@ct.kernel
def relaxed_load_poll(flag, out):
    # a load given an order (cuda.tile 1.3+, with a scope) polls like an atomic read
    f = ct.load(flag, index=(0,), shape=(1,), memory_order=MO.RELAXED,
                memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: relaxed-sync.py:[[@LINE-2]]:9: warning: load with MemoryOrder.RELAXED in a loop that waits on its result{{.*}} [cutile-relaxed-sync]
    while ct.sum(f) == 0:
        f = ct.load(flag, index=(0,), shape=(1,), memory_order=MO.RELAXED,
                    memory_scope=ct.MemoryScope.DEVICE)
    # CHECK: relaxed-sync.py:[[@LINE-2]]:13: warning: load with MemoryOrder.RELAXED in a loop that waits on its result{{.*}} [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:67-[[@LINE-3]]:74}:"ACQUIRE"
    # FIXED: f = ct.load(flag, index=(0,), shape=(1,), memory_order=MO.ACQUIRE,


@ct.kernel
def relaxed_scan(counts, out):
    # a relaxed read of a moving index in a loop: a scan, no synchronization
    j = 0
    c = ct.atomic_add(counts, j, 0, memory_order=MO.RELAXED)
    while c > 0:
        j += 1
        c = ct.atomic_add(counts, j, 0, memory_order=MO.RELAXED)


@ct.kernel
def relaxed_cas_update(a, v):
    # a CAS update loop (expected moves with each try) synchronizes nothing: RELAXED is right
    ct.static_assert(a.dtype == ct.int32)
    old = ct.load(a, index=(0,), shape=())
    while True:
        new = ct.maximum(old, v)
        prev = ct.atomic_cas(a, 0, old, new, memory_order=MO.RELAXED)
        if prev == old:
            break
        old = prev
    seen = ct.atomic_cas(a, 1, 0, v, memory_order=MO.RELAXED)
    while seen != 0:
        expect = seen
        seen = ct.atomic_cas(a, 1, expect, v + expect, memory_order=MO.RELAXED)

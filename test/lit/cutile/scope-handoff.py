# scope-mismatch for cuTile: a publish or a poll with MemoryScope.BLOCK whose partner in the
# kernel is another block (block i writes flags[i + 1], block i + 1 polls it), or an element
# several blocks share (a lock at ct.bid(0) % n).  Fix: MemoryScope.DEVICE.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,scope-mismatch' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
# RUN: %cuatomlint --checks='-*,scope-mismatch' %t/k.py 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
# CLEAN-NOT: [scope-mismatch]
import cuda.tile as ct
from cuda.tile import MemoryOrder, MemoryScope


@ct.kernel
def chain(data, flags, out):
    b = ct.bid(0)
    nxt = b + 1
    if b > 0:
        while ct.atomic_add(flags, b, 0, memory_order=MemoryOrder.ACQUIRE,
                            memory_scope=MemoryScope.BLOCK) == 0:
            pass
    # CHECK: scope-handoff.py:[[@LINE-3]]:15: warning: atomic_add with MemoryScope.BLOCK polls 'flags' at index b, which the kernel writes at index nxt (line [[@LINE+5]]) in another block: block scope orders nothing between blocks, so the data published with the flag may not be visible; use DEVICE [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:54-[[@LINE-3]]:59}:"DEVICE"
    # FIXED: memory_scope=MemoryScope.DEVICE) == 0:
    t = ct.load(data, index=(b,), shape=(16,))
    ct.store(out, index=(b,), tile=t)
    ct.atomic_xchg(flags, nxt, 1, memory_order=MemoryOrder.RELEASE,
                   memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-handoff.py:[[@LINE-2]]:5: warning: atomic_xchg with MemoryScope.BLOCK publishes to 'flags' at index nxt, which the kernel polls at index b (line [[@LINE-10]]) in another block: {{.*}}; use DEVICE [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:45-[[@LINE-2]]:50}:"DEVICE"
    # FIXED: memory_scope=MemoryScope.DEVICE)


@ct.kernel
def chain_load(flags, out):
    # an ordered ct.load (cuda.tile 1.3+) polls; the DEVICE store on the other side is right
    b = ct.bid(0)
    while ct.sum(ct.load(flags, index=(b,), shape=(1,), memory_order=MemoryOrder.ACQUIRE,
                         memory_scope=ct.MemoryScope.BLOCK)) == 0:
        pass
    # CHECK: scope-handoff.py:[[@LINE-3]]:18: warning: load with MemoryScope.BLOCK polls 'flags' at index (b,), which the kernel writes at index (b + 1,) (line [[@LINE+2]]) in another block: {{.*}} [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:54-[[@LINE-3]]:59}:"DEVICE"
    ct.store(flags, index=(b + 1,), tile=ct.full((1,), 1, dtype=ct.int32),
             memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.DEVICE)


@ct.kernel
def everyone_waits_on_block_zero(flags, data):
    # block 0 publishes flags[0], every block polls it
    b = ct.bid(0)
    ct.store(flags, index=(b,), tile=ct.full((1,), 1, dtype=ct.int32),
             memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-handoff.py:[[@LINE-2]]:5: warning: store with MemoryScope.BLOCK publishes to 'flags' at index (b,), which the kernel polls at index (0,) (line [[@LINE+1]]) in another block: {{.*}} [scope-mismatch]
    while ct.sum(ct.load(flags, index=(0,), shape=(1,), memory_order=MemoryOrder.ACQUIRE,
                         memory_scope=MemoryScope.BLOCK)) == 0:
        pass
    # CHECK: scope-handoff.py:[[@LINE-3]]:18: warning: load with MemoryScope.BLOCK polls 'flags' at index (0,), which the kernel writes at index (b,) (line [[@LINE-6]]) in another block: {{.*}} [scope-mismatch]


@ct.kernel
def group_lock(locks, acc, n):
    # blocks b and b + n share lock b % n
    g = ct.bid(0) % n
    while ct.atomic_cas(locks, g, 0, 1, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 1:
        pass
    # CHECK: scope-handoff.py:[[@LINE-3]]:11: warning: atomic_cas with MemoryScope.BLOCK polls 'locks' at index g, an element that several blocks write (the index maps more than one ct.bid() onto it): block scope orders nothing between blocks, so what one block wrote before may not be visible to the next; use DEVICE [scope-mismatch]
    ct.atomic_xchg(locks, g, 0, memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-handoff.py:[[@LINE-1]]:5: warning: atomic_xchg with MemoryScope.BLOCK publishes to 'locks' at index g, an element that several blocks poll (the index maps more than one ct.bid() onto it): {{.*}} [scope-mismatch]
    # FIXED: ct.atomic_xchg(locks, g, 0, memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.DEVICE)


@ct.kernel
def pair_lock(locks):
    # blocks 2k and 2k + 1 share lock k
    while ct.atomic_cas(locks, ct.bid(0) // 2, 0, 1, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 1:
        pass
    # CHECK: scope-handoff.py:[[@LINE-3]]:11: warning: atomic_cas with MemoryScope.BLOCK polls 'locks' at index ct.bid(0) // 2, an element that several blocks write {{.*}} [scope-mismatch]


# Near misses: no finding.
@ct.kernel
def own_slot(flags, out):
    # each block publishes and polls its own element
    b = ct.bid(0)
    ct.atomic_xchg(flags, b, 1, memory_order=MemoryOrder.RELEASE, memory_scope=MemoryScope.BLOCK)
    while ct.atomic_add(flags, (b,), 0, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 0:
        pass


@ct.kernel
def own_lock(locks, acc):
    # the same element written two ways: a name assigned once, and its value
    me = ct.bid(0) * 2 + 1
    while ct.atomic_cas(locks, me, 0, 1, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 1:
        pass
    ct.atomic_xchg(locks, ct.bid(0) * 2 + 1, 0, memory_order=MemoryOrder.RELEASE,
                   memory_scope=MemoryScope.BLOCK)


@ct.kernel
def chain_device(flags):
    # the handoff at the default scope (DEVICE) and at SYS
    b = ct.bid(0)
    while ct.atomic_add(flags, b, 0, memory_order=MemoryOrder.ACQUIRE) == 0:
        pass
    ct.atomic_xchg(flags, b + 1, 1, memory_order=MemoryOrder.RELEASE,
                   memory_scope=MemoryScope.SYS)


@ct.kernel
def counts_only(partial):
    # per-block counters nobody waits on
    b = ct.bid(0)
    ct.atomic_add(partial, b, 1, memory_scope=MemoryScope.BLOCK)
    ct.atomic_add(partial, b + 1, 1, memory_scope=MemoryScope.BLOCK)


@ct.kernel
def poll_without_writer(flags):
    # the writer is not in this kernel (the host, another kernel): its scope is not shown
    b = ct.bid(0)
    while ct.atomic_add(flags, b, 0, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 0:
        pass


@ct.kernel
def other_array(flags, done):
    # the write goes to another array
    b = ct.bid(0)
    while ct.atomic_add(flags, b, 0, memory_order=MemoryOrder.ACQUIRE,
                        memory_scope=MemoryScope.BLOCK) == 0:
        pass
    ct.atomic_xchg(done, b + 1, 1, memory_order=MemoryOrder.RELEASE,
                   memory_scope=MemoryScope.BLOCK)

# cutile-relaxed-sync on the releasing side of a barrier or handoff: a RELAXED RMW that writes,
# after the block wrote other data, an array the kernel then polls.  RELEASE; ACQ_REL when its
# own result is what the wait tests (the RMW that does both).
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-relaxed-sync]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,cutile-relaxed-sync' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryOrder as MO


@ct.kernel
def barrier(data, count, out, n):
    b = ct.bid(0)
    ct.store(data, index=(b,), tile=ct.full((16,), 1, dtype=ct.int32))
    ct.atomic_add(count, 0, 1, memory_order=MO.RELAXED)
    # CHECK: relaxed-arrival.py:[[@LINE-1]]:5: warning: atomic_add with MemoryOrder.RELAXED writes 'count' after this block's other writes, and the kernel then polls 'count' (line [[@LINE+3]]): RELAXED publishes nothing, so those writes may not be visible to the blocks that see this one; use RELEASE [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:48-[[@LINE-2]]:55}:"RELEASE"
    # FIXED: ct.atomic_add(count, 0, 1, memory_order=MO.RELEASE)
    while ct.atomic_add(count, 0, 0, memory_order=MO.ACQUIRE) < n:
        pass
    ct.store(out, index=(b,), tile=ct.load(data, index=((b + 1) % n,), shape=(16,)))


@ct.kernel
def barrier_result(data, count, out, n):
    b = ct.bid(0)
    ct.store(data, index=(b,), tile=ct.full((16,), 1, dtype=ct.int32))
    arrived = ct.atomic_add(count, 0, 1, memory_order=MO.RELAXED)
    # CHECK: relaxed-arrival.py:[[@LINE-1]]:15: warning: atomic_add with MemoryOrder.RELAXED writes 'count' after this block's other writes, and the kernel then polls 'count' (line [[@LINE+4]]): RELAXED publishes nothing, so those writes may not be visible to the blocks that see this one, and its result ends the wait without acquiring theirs; use ACQ_REL [cutile-relaxed-sync]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:58-[[@LINE-2]]:65}:"ACQ_REL"
    # FIXED: arrived = ct.atomic_add(count, 0, 1, memory_order=MO.ACQ_REL)
    while arrived < n - 1:
        arrived = ct.atomic_add(count, 0, 0, memory_order=MO.ACQUIRE)
    ct.store(out, index=(b,), tile=ct.load(data, index=((b + 1) % n,), shape=(16,)))


# Near misses: no finding.
@ct.kernel
def nothing_published(count, n):
    # no write before the arrival: a relaxed count publishes nothing it must order
    ct.atomic_add(count, 0, 1, memory_order=MO.RELAXED)
    while ct.atomic_add(count, 0, 0, memory_order=MO.ACQUIRE) < n:
        pass


@ct.kernel
def counted_not_polled(data, count):
    ct.store(data, index=(ct.bid(0),), tile=ct.full((16,), 1, dtype=ct.int32))
    ct.atomic_add(count, 0, 1, memory_order=MO.RELAXED)


@ct.kernel
def poll_before(data, count, n):
    # the poll comes before the add: no publish of this block's writes to a later poll
    while ct.atomic_add(count, 0, 0, memory_order=MO.ACQUIRE) < n:
        pass
    ct.store(data, index=(ct.bid(0),), tile=ct.full((16,), 1, dtype=ct.int32))
    ct.atomic_add(count, 0, 1, memory_order=MO.RELAXED)


@ct.kernel
def barrier_right(data, count, n):
    ct.store(data, index=(ct.bid(0),), tile=ct.full((16,), 1, dtype=ct.int32))
    ct.atomic_add(count, 0, 1, memory_order=MO.RELEASE)
    while ct.atomic_add(count, 0, 0, memory_order=MO.ACQUIRE) < n:
        pass
    arrived = ct.atomic_add(count, 1, 1)
    while arrived < n - 1:
        arrived = ct.atomic_add(count, 1, 0, memory_order=MO.ACQUIRE)

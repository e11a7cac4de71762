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
    t = ct.load(data, index=(bid,), shape=(16,))
    ct.store(out, index=(bid,), tile=t)
    xchg(lock, 0, 0, memory_order=MO.RELAXED)


@ct.kernel
def xchg_lock(lock, out):
    old = xchg(lock, 0, 1, memory_order=MO.RELAXED)
    while old != 0:
        old = xchg(lock, 0, 1, memory_order=MO.RELAXED)
    ct.store(out, index=(0,), tile=ct.full((1,), 1, dtype=ct.int32))
    xchg(lock, 0, 0, memory_order=MO.RELEASE)


@ct.kernel
def poll_counter(counter, out):
    seen = ct.atomic_add(counter, 0, 0, memory_order=MO.RELAXED)
    while seen < 8:
        seen = ct.atomic_add(counter, 0, 0, memory_order=MO.RELAXED)


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

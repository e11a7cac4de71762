# Correct cuTile kernels (negative corpus): locks and flags done right.
import cuda.tile as ct
from cuda.tile import MemoryOrder, MemoryScope


@ct.kernel
def critical_section(lock, data, out):
    bid = ct.bid(0)
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=MemoryOrder.ACQUIRE) != 0:
        pass
    t = ct.load(data, index=(0,), shape=(16,))
    ct.store(out, index=(bid,), tile=t)
    ct.atomic_xchg(lock, 0, 0, memory_order=MemoryOrder.RELEASE)


@ct.kernel
def xchg_lock(lock, out):
    old = ct.atomic_xchg(lock, 0, 1, memory_order=MemoryOrder.ACQUIRE)
    while old != 0:
        old = ct.atomic_xchg(lock, 0, 1, memory_order=MemoryOrder.ACQUIRE)
    ct.store(out, index=(0,), tile=ct.full((1,), 1, dtype=ct.int32))
    ct.atomic_xchg(lock, 0, 0, memory_order=MemoryOrder.RELEASE)


@ct.kernel
def publish(flag, data, value):
    ct.store(data, index=(0,), tile=value)
    ct.atomic_xchg(flag, 0, 1, memory_order=MemoryOrder.RELEASE,
                   memory_scope=MemoryScope.DEVICE)


@ct.kernel
def consume(flag, data, out):
    f = ct.atomic_add(flag, 0, 0, memory_order=MemoryOrder.ACQUIRE)
    while f == 0:
        f = ct.atomic_add(flag, 0, 0, memory_order=MemoryOrder.ACQUIRE)
    ct.store(out, index=(0,), tile=ct.load(data, index=(0,), shape=(16,)))

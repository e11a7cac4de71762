# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-plain-poll' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-plain-poll]'
import cuda.tile as ct


@ct.kernel
def wait_for_flag(flag, data, out):
    f = ct.load(flag, index=(0,), shape=(1,))
    # CHECK: plain-poll.py:[[@LINE-1]]:9: warning: a loop polls 'flag' with a plain ct.load{{.*}} [cutile-plain-poll]
    while ct.sum(f) == 0:
        f = ct.load(flag, index=(0,), shape=(1,))
    # CHECK: plain-poll.py:[[@LINE-1]]:13: warning: a loop polls 'flag' with a plain ct.load: it has no ordering and may never see another block's write (and the data published before it); read it with an atomic with MemoryOrder.ACQUIRE, e.g. atomic_add(flag, index, 0, memory_order=MemoryOrder.ACQUIRE), and publish it with RELEASE [cutile-plain-poll]
    ct.store(out, index=(0,), tile=ct.load(data, index=(0,), shape=(16,)))


@ct.kernel
def wait_gather(ready, out):
    while ct.all(ct.gather(ready, 0) == 0):
        pass
    # CHECK: plain-poll.py:[[@LINE-2]]:18: warning: a loop polls 'ready' with a plain ct.gather{{.*}} [cutile-plain-poll]


@ct.kernel
def wait_weak(flag, out):
    # MemoryOrder.WEAK, ct.load's default order (cuda.tile 1.3+), is the plain load
    while ct.sum(ct.load(flag, index=(0,), shape=(1,), memory_order=ct.MemoryOrder.WEAK)) == 0:
        pass
    # CHECK: plain-poll.py:[[@LINE-2]]:18: warning: a loop polls 'flag' with a plain ct.load{{.*}} [cutile-plain-poll]


# Near misses: no finding.
@ct.kernel
def acquire_poll(flag, out):
    f = ct.atomic_add(flag, 0, 0, memory_order=ct.MemoryOrder.ACQUIRE)
    while f == 0:
        f = ct.atomic_add(flag, 0, 0, memory_order=ct.MemoryOrder.ACQUIRE)


@ct.kernel
def acquire_load_poll(flag, out):
    # a load with an order (cuda.tile 1.3+) is no plain load
    while ct.sum(ct.load(flag, index=(0,), shape=(1,), memory_order=ct.MemoryOrder.ACQUIRE,
                         memory_scope=ct.MemoryScope.DEVICE)) == 0:
        pass


@ct.kernel
def reduction_loop(x, out):
    # loads in a loop that does not wait on them
    acc = ct.zeros((16,), dtype=ct.float32)
    for i in range(8):
        acc += ct.load(x, index=(i,), shape=(16,))
    ct.store(out, index=(0,), tile=acc)


@ct.kernel
def own_buffer(buf, out):
    # the kernel writes what it reads: not another block's flag
    v = ct.load(buf, index=(0,), shape=(1,))
    while ct.sum(v) < 10:
        ct.store(buf, index=(0,), tile=v + 1)
        v = ct.load(buf, index=(0,), shape=(1,))


@ct.kernel
def iterate(x, out):
    # one load, then the loop computes on the value: no re-read, no poll
    v = ct.load(x, index=(0,), shape=(16,))
    while ct.sum(v) > 1.0:
        v = v * 0.5
    ct.store(out, index=(0,), tile=v)


@ct.kernel
def scan_for_end(x, out):
    # the index moves each round: a scan of the array, not a poll of one place
    i = 0
    v = ct.load(x, index=(i,), shape=(16,))
    while ct.sum(v) != 0:
        i += 1
        v = ct.load(x, index=(i,), shape=(16,))
    ct.store(out, index=(0,), tile=v)

import cuda.tile as ct


@ct.kernel
def k(lock):
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.RELAXED) != 0:
        pass

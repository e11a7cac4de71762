# A Python file without cuda.tile: a directory walk does not lint it.
import threading

lock = threading.Lock()


def atomic_cas(a, i, e, d, memory_order=None):
    return 0

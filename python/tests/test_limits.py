"""Bad input and big work: the size limit, errors instead of aborts, the GIL released."""

import threading
import time

import pytest

import carry
from carry import Int


@pytest.fixture
def small_limit():
    old = carry.get_max_bits()
    carry.set_max_bits(1 << 20)
    yield
    carry.set_max_bits(old)


def test_size_limit_raises_before_work(small_limit):
    two = Int(2)
    cases = [lambda: two ** (1 << 21), lambda: two << (1 << 21), lambda: carry.fac(10**6), lambda: carry.fib(10**7),
             lambda: carry.comb(10**6, 5 * 10**5), lambda: Int(3) ** Int(10**9), lambda: pow(Int(10), 10**7)]
    for f in cases:
        t = time.perf_counter()
        with pytest.raises(OverflowError):
            f()
        assert time.perf_counter() - t < 0.5
    assert (two ** 1000).bit_length() == 1001


def test_default_limit_is_generous():
    assert carry.get_max_bits() >= 1 << 32
    with pytest.raises(OverflowError):
        Int(1) << (1 << 40)
    with pytest.raises((OverflowError, MemoryError)):
        Int(3) ** (1 << 40)


def test_memory_error_instead_of_abort():
    old = carry.get_max_bits()
    carry.set_max_bits(1 << 62)
    try:
        with pytest.raises(MemoryError):
            Int(1) << (1 << 60)
    finally:
        carry.set_max_bits(old)


def test_gil_released_for_long_products():
    # One product of two 16-million-bit values (tens of milliseconds): a thread ticking every
    # millisecond keeps ticking during it only if the GIL is released (the interpreter does not
    # switch threads inside a call that keeps it).
    x = Int(3) ** 10_000_000
    ticks = []
    stop = []

    def tick():
        while not stop:
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    t = threading.Thread(target=tick)
    t.start()
    time.sleep(0.01)
    start = time.perf_counter()
    x * x
    end = time.perf_counter()
    stop.append(1)
    t.join()
    during = [s for s in ticks if start < s < end]
    assert len(during) >= 5, (end - start, len(during))


def test_shift_and_value_errors():
    with pytest.raises(ValueError):
        Int(1) << -1
    with pytest.raises(ZeroDivisionError):
        Int(1) // 0
    with pytest.raises(TypeError):
        Int(1) + "a"

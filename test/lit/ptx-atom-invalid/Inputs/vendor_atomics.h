// A system header (included through -isystem) whose macro expands to PTX.
#pragma once
#define VENDOR_RED_HALF(p, v) asm volatile("red.global.add.f16 [%0], %1;" :: "l"(p), "h"(v))

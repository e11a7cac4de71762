#pragma once
// A vendor header with an error clang reports in every TU that includes it.
struct vendor_box { int v; };
static_assert(sizeof(vendor_box) == 4, "");
inline int vendor_fn() { return undeclared_vendor_thing; }

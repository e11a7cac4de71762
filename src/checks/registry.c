/*
 * The registry: every check's descriptor, in checks.def's order.  What the
 * engine asks of a descriptor is parse/check.c's; choosing checks by glob
 * is the driver's (driver/check_select.c).
 */
#include "parse/check.h"

#define CHECK(sym) extern const struct cal_check cal_check_##sym;
#include "checks/checks.def"
#undef CHECK

const struct cal_check *const cal_checks[] = {
#define CHECK(sym) &cal_check_##sym,
#include "checks/checks.def"
#undef CHECK
};

_Static_assert(sizeof(cal_checks) / sizeof(cal_checks[0]) <= CAL_MAX_CHECKS,
	       "the walk keeps one state per check in arrays of CAL_MAX_CHECKS");

const int cal_nr_checks = (int)(sizeof(cal_checks) / sizeof(cal_checks[0]));

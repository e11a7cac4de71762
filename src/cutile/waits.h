/*
 * Which loops wait on what: the synchronization a cuTile kernel shows, as
 * the checks' cuTile halves (relaxed-sync, scope-mismatch, plain-poll) ask
 * it.  fn is what the call names in cuda.tile ("atomic_cas", "load"...).
 */
#ifndef CUATOMLINT_CUTILE_WAITS_H
#define CUATOMLINT_CUTILE_WAITS_H

#include "cutile/analysis.h"

/* The call's index argument: "index=" of load/store, else the second positional. */
TSNode ct_index_arg(const struct ct_file *f, TSNode call);
/*
 * Does a while loop wait on this call's result (a lock acquire or a poll)?
 * Sets *loop_out to the loop it looked at.
 */
int ct_waits_on(struct ct_kernel *k, TSNode call, TSNode *loop_out);
/* An acquiring read: a CAS or exchange, an RMW that adds nothing, a load given an order. */
int ct_is_read_rmw(const struct ct_file *f, TSNode call, const char *fn);
/* Does the call write the array: an atomic other than a read (add/or of 0), a store, a scatter? */
int ct_writes_array(const struct ct_file *f, TSNode call, const char *fn);
/* Does the call wait on what it reads: a read in a loop that waits on its result? */
int ct_waits_array(struct ct_kernel *k, TSNode call, const char *fn);

#endif

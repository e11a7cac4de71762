/*
 * relaxed-sync, matching: locks (a take, its release, the plain accesses
 * between them), polls (the plain reads after the loop) and publishes (the
 * plain writes before a relaxed write of a polled word), judged once the
 * walk has seen the whole translation unit; reported and fixed here.
 *
 * The precision line: relaxed ordering is right where the guarded data is
 * itself only accessed atomically (a counter, a histogram, a CAS update of
 * one word), so a finding needs a plain access of other data, in the
 * critical section, after the poll, or before the publish.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "analysis/spin_loop.h"
#include "analysis/volatile_util.h"
#include "atomics/atomics.h"
#include "checks/relaxed-sync/relaxed_sync.h"

static int same_fn(const struct rs_event *a, const struct rs_event *b)
{
	return clang_equalCursors(a->function, b->function);
}

static int same_key(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* Relaxed, as written: an order that is not a constant is taken as intended. */
static int relaxed(const struct rs_event *e)
{
	return e->order == CAL_ORDER_RELAXED;
}

static int fence_between(const struct rs_state *st, const struct rs_event *in, unsigned from,
			 unsigned to, int acquire)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *f = &st->ev[i];
		if (f->kind == RS_FENCE && same_fn(f, in) && f->begin >= from && f->begin <= to &&
		    (acquire ? f->acquires : f->releases))
			return 1;
	}
	return 0;
}

/* The release of lock t: the first write of its word after the code it guards starts. */
static const struct rs_event *release_of(const struct rs_state *st, const struct rs_event *t)
{
	const struct rs_event *r = NULL;
	size_t i;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if ((e->kind == RS_WRITE || (e->kind == RS_DATA && e->is_write)) && same_fn(e, t) &&
		    same_key(e->key, t->key) && e->begin >= t->after && e->begin < t->limit &&
		    (!r || e->begin < r->begin))
			r = e;
	}
	return r;
}

/* The plain accesses of other data than key in [from, to] of in's function: first and last. */
static const struct rs_event *data_between(const struct rs_state *st, const struct rs_event *in,
					   unsigned from, unsigned to, int reads, int writes,
					   const struct rs_event **last)
{
	const struct rs_event *first = NULL;
	size_t i;

	*last = NULL;
	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind != RS_DATA || !same_fn(e, in) || e->begin < from || e->end > to ||
		    same_key(e->key, in->key) || (reads && !e->is_read) || (writes && !e->is_write))
			continue;
		if (!first || e->begin < first->begin)
			first = e;
		if (!*last || e->begin > (*last)->begin)
			*last = e;
	}
	return first;
}

/* Does any code of the translation unit write the variable base (plainly or atomically)? */
static int written(const struct rs_state *st, const char *base)
{
	size_t i;

	for (i = 0; base && i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (same_key(e->base, base) &&
		    ((e->kind == RS_DATA && e->is_write) || e->kind == RS_WRITE || e->kind == RS_TAKE))
			return 1;
	}
	return 0;
}

/* Is key a lock's word (taken somewhere)? With fn set, in that function. */
static int is_lock_word(const struct rs_state *st, const char *key, const struct rs_event *fn)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++)
		if (st->ev[i].kind == RS_TAKE && same_key(st->ev[i].key, key) &&
		    (!fn || same_fn(&st->ev[i], fn)))
			return 1;
	return 0;
}

static const struct rs_event *a_poll_of(const struct rs_state *st, const char *key)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++)
		if (st->ev[i].kind == RS_POLL && same_key(st->ev[i].key, key))
			return &st->ev[i];
	return NULL;
}

/* ---- fixes ---- */

struct rs_fix {
	struct cal_edit edits[4];	/* an acquire (1), a release (up to 2) */
	int n;
	const char *why;	/* no fix: the reason */
};

/*
 * HIP: the __ATOMIC_RELAXED macro of a clang builtin becomes __ATOMIC_ACQUIRE
 * or __ATOMIC_RELEASE.  __scoped_atomic_* gets none: Debian's hipcc (clang
 * 15) lacks them, so the fixed file could not be compiled here.
 */
static void rename_order_macro(const struct rs_state *st, const struct rs_event *e, int acquire,
			       struct rs_fix *fx)
{
	if (e->api == CAL_API_SCOPED) {
		fx->why = "hipcc of HIP 5.2 (clang 15) has no __scoped_atomic builtins, so the fixed "
			  "call could not be compiled here: make the order __ATOMIC_ACQUIRE (taking, "
			  "polling) or __ATOMIC_RELEASE (freeing, publishing) by hand";
		return;
	}
	if (cal_edit_macro_use(st->tu, e->order_ref, "__ATOMIC_RELAXED",
			       acquire ? "__ATOMIC_ACQUIRE" : "__ATOMIC_RELEASE", &fx->edits[fx->n]) < 0)
		fx->why = "the memory order is not written as __ATOMIC_RELAXED at the call";
	else
		fx->n++;
}

/* The order constant renamed: memory_order_relaxed → memory_order_acquire, __NV_ATOMIC_RELAXED → ... */
static void rename_order(const struct rs_state *st, const struct rs_event *e, int acquire,
			 struct rs_fix *fx)
{
	char *name, *p, *to;
	const char *lower = acquire ? "acquire" : "release", *upper = acquire ? "ACQUIRE" : "RELEASE";

	if (e->api == CAL_API_HIP_BUILTIN || e->api == CAL_API_SCOPED || e->api == CAL_API_GNU) {
		rename_order_macro(st, e, acquire, fx);
		return;
	}

	if (st->no_order_fix) {
		fx->why = "a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins "
			  "(sm_60): arch-unsupported's fallback replaces the call";
		return;
	}
	if (clang_Cursor_isNull(e->order_ref)) {
		fx->why = "the memory order is not written as a named constant";
		return;
	}
	name = cal_cursor_name(clang_getCursorReferenced(e->order_ref));
	p = strstr(name, "relaxed");
	if (!p)
		p = strstr(name, "RELAXED");
	if (!p) {
		fx->why = "the memory order is not written as a named constant";
		free(name);
		return;
	}
	to = xasprintf("%.*s%s%s", (int)(p - name), name, *p == 'r' ? lower : upper, p + 7);
	if (cal_edit_rename(st->tu, e->order_ref, to, &fx->edits[fx->n]) < 0)
		fx->why = "the memory order is written in a macro";
	else
		fx->n++;
	free(to);
	free(name);
}

/* The fence statement of e's scope, in buf: "__threadfence();". */
static const char *fence_statement(const struct rs_event *e, char *buf, size_t size)
{
	const char *name = cal_fence_name(e->scope == CAL_SCOPE_BLOCK || e->scope == CAL_SCOPE_SYSTEM
					  ? e->scope : CAL_SCOPE_DEVICE);

	snprintf(buf, size, "%s();", name ? name : "__threadfence");
	return buf;
}

/* A take or a poll made an acquire: the order, or (legacy) a fence after the loop. */
static void fix_acquire(const struct rs_state *st, const struct rs_event *e, struct rs_fix *fx)
{
	char fence[64];
	int rc;

	if (fx->why)
		return;
	if (!e->fix_allowed) {
		fx->why = "the template's other instantiations share this code";
		return;
	}
	if (e->no_fix_why) {
		fx->why = e->no_fix_why;
		return;
	}
	if (e->is_asm) {
		/* ld.relaxed.gpu -> ld.acquire.gpu: the scope stays */
		if (cal_edit_replace_bytes(st->tu, e->asm_sem, 8, ".acquire", &fx->edits[fx->n]) < 0)
			fx->why = "the asm statement is written in a macro";
		else
			fx->n++;
		return;
	}
	if (!e->legacy) {
		rename_order(st, e, 1, fx);
		return;
	}
	if (e->opencl) {
		fx->why = "OpenCL C 1.x atomics take no memory order: use the _explicit functions "
			  "with memory_order_acquire and memory_order_release";
		return;
	}
	if (!clang_Cursor_isNull(e->loop))
		rc = cal_edit_line_after(st->tu, cal_loop_statement_range(st->tu, e->loop),
					 fence_statement(e, fence, sizeof(fence)), &fx->edits[fx->n]);
	else if (clang_getCursorKind(e->then) == CXCursor_CompoundStmt && cal_nr_children(e->then) > 0)
		rc = cal_edit_line_before(st->tu, clang_getCursorExtent(cal_child(e->then, 0)),
					  fence_statement(e, fence, sizeof(fence)), &fx->edits[fx->n]);
	else
		rc = -1;
	if (rc < 0)
		fx->why = "no fence can follow it on a line of its own (a macro, or code sharing the line)";
	else
		fx->n++;
}

/* The atomicExch that replaces a plain store 'x = v' of a legacy lock's word. */
static char *exchange_text(const struct rs_state *st, const struct rs_event *r)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(r->cursor));
	CXCursor lv = cal_ignore_wrappers(r->cursor);
	char *obj, *value, *out;
	int deref = vol_is_unary(lv, CXUnaryOperator_Deref);

	if (t.kind != CXType_Int && t.kind != CXType_UInt && t.kind != CXType_ULongLong &&
	    t.kind != CXType_Float)
		return NULL;
	obj = cal_cursor_text(st->tu, deref ? cal_child(lv, 0) : lv, CAL_TEXT_NO_MACROS);
	value = cal_cursor_text(st->tu, cal_child(r->assign, 1), CAL_TEXT_NO_MACROS);
	out = obj && value ? xasprintf("atomicExch(%s%s, %s)", deref ? "" : "&", obj, value) : NULL;
	free(obj);
	free(value);
	return out;
}

/* A release or a publish made a release: the order, or (legacy) a fence before it. */
static void fix_release(const struct rs_state *st, const struct rs_event *by,
			const struct rs_event *r, struct rs_fix *fx)
{
	char fence[64], *text;

	if (fx->why)
		return;
	if (!r->fix_allowed) {
		fx->why = "the template's other instantiations share this code";
		return;
	}
	if (r->kind == RS_WRITE && !r->legacy) {
		rename_order(st, r, 0, fx);
		return;
	}
	if (r->opencl || !by->legacy) {
		fx->why = r->opencl && r->kind == RS_WRITE
			  ? "OpenCL C 1.x atomics take no memory order: use the _explicit functions "
			    "with memory_order_acquire and memory_order_release"
			  : "the lock is freed by a plain store: make it a release store";
		return;
	}
	if (clang_Cursor_isNull(r->stmt) ||
	    (r->kind == RS_DATA && !clang_equalCursors(r->stmt, r->assign)) ||
	    cal_edit_line_before(st->tu, clang_getCursorExtent(r->stmt), fence_statement(by, fence, sizeof(fence)),
				 &fx->edits[fx->n]) < 0) {
		fx->why = "no fence can go before it on a line of its own (a macro, or code sharing the line)";
		return;
	}
	fx->n++;
	if (r->kind != RS_DATA)
		return;
	text = exchange_text(st, r);
	if (!text || cal_edit_replace_cursor(r->assign, text, &fx->edits[fx->n]) < 0)
		fx->why = "the plain store cannot be made an atomicExch (its type, or a macro)";
	else
		fx->n++;
	free(text);
}

static void add_fix(struct cal_walk *w, struct cal_finding *f, const struct rs_state *st,
		    struct rs_fix *fx, CXCursor at, const char *description)
{
	int i;

	if (st->no_fixes) {
		for (i = 0; i < fx->n; i++)
			cal_edit_clear(&fx->edits[i]);
		return;
	}
	if (fx->why) {
		cal_note_no_fix(w, f, at, "%s", fx->why);
		for (i = 0; i < fx->n; i++)
			cal_edit_clear(&fx->edits[i]);
		return;
	}
	cal_add_fix_edits(f, description, fx->edits, fx->n);
}

/* ---- judging ---- */

static const char *freed_with(const struct rs_event *r, char *buf, size_t size)
{
	if (r->kind == RS_DATA)
		snprintf(buf, size, "a plain store");
	else
		snprintf(buf, size, "relaxed '%s'", r->name);
	return buf;
}

static void report_lock(struct cal_walk *w, const struct rs_state *st, const struct rs_event *t,
			const struct rs_event *r, const struct rs_event *first, int acq_ok, int rel_ok)
{
	struct rs_fix fx = { .n = 0 };
	struct cal_finding *f;
	char how[160];

	freed_with(r, how, sizeof(how));
	if (!acq_ok && !rel_ok)
		f = cal_report(w, t->cursor, "lock '%s' taken with relaxed '%s' and freed with %s, no "
			       "fence in between: the critical section's plain accesses are not "
			       "ordered with the lock; take it with acquire and free it with release "
			       "ordering", t->key, t->name, how);
	else if (!acq_ok)
		f = cal_report(w, t->cursor, "lock '%s' taken with relaxed '%s' and no fence after it: "
			       "the critical section's plain accesses may happen before the lock is "
			       "held; take it with acquire ordering", t->key, t->name);
	else
		f = cal_report(w, t->cursor, "lock '%s' freed with %s and no fence before it: the "
			       "critical section's plain accesses may become visible after the lock "
			       "is free; free it with release ordering", t->key, how);
	cal_note_at(w, f, first->cursor, "'%s' is accessed in the critical section here", first->key);
	cal_note_at(w, f, r->cursor, "the lock is freed here");
	if (!acq_ok)
		fix_acquire(st, t, &fx);
	if (!rel_ok)
		fix_release(st, t, r, &fx);
	add_fix(w, f, st, &fx, t->cursor, !acq_ok && !rel_ok
		? "take the lock with acquire and free it with release ordering"
		: !acq_ok ? "take the lock with acquire ordering" : "free the lock with release ordering");
}

static void judge_lock(struct cal_walk *w, const struct rs_state *st, const struct rs_event *t)
{
	const struct rs_event *r = release_of(st, t), *first, *last;
	int acq_ok, rel_ok;

	/* a volatile store frees it: volatile-sync's finding; a '+=' frees nothing */
	if (!r || (r->kind == RS_DATA && (r->is_volatile || r->is_read)))
		return;
	first = data_between(st, t, t->after, r->begin, 0, 0, &last);
	if (!first)
		return;		/* only atomic accesses: relaxed is right */
	acq_ok = !relaxed(t) || fence_between(st, t, t->after, first->begin, 1);
	rel_ok = (r->kind == RS_WRITE && !relaxed(r)) || fence_between(st, t, last->end, r->begin, 0);
	if (!acq_ok || !rel_ok)
		report_lock(w, st, t, r, first, acq_ok, rel_ok);
}

static void judge_poll(struct cal_walk *w, const struct rs_state *st, const struct rs_event *p)
{
	const struct rs_event *d = NULL, *last;
	struct rs_fix fx = { .n = 0 };
	struct cal_finding *f;
	size_t i;

	if (!relaxed(p) || is_lock_word(st, p->key, p))
		return;
	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind == RS_DATA && e->is_read && same_fn(e, p) && e->begin >= p->after &&
		    !same_key(e->key, p->key) && written(st, e->base) && (!d || e->begin < d->begin))
			d = e;
	}
	if (!d || fence_between(st, p, p->after, d->begin, 1))
		return;
	(void)last;
	f = cal_report(w, p->cursor, "spin-wait on '%s' with relaxed '%s' and no fence after the "
		       "loop: the read of '%s' after it may see data older than the flag; poll with "
		       "acquire ordering", p->key, p->name, d->key);
	cal_note_at(w, f, d->cursor, "'%s' is read here", d->key);
	fix_acquire(st, p, &fx);
	add_fix(w, f, st, &fx, p->cursor, "poll with acquire ordering");
}

static void judge_publish(struct cal_walk *w, const struct rs_state *st, const struct rs_event *p)
{
	const struct rs_event *poll, *first, *d;
	struct rs_fix fx = { .n = 0 };
	struct cal_finding *f;

	if (!relaxed(p) || is_lock_word(st, p->key, NULL) || !(poll = a_poll_of(st, p->key)))
		return;
	first = data_between(st, p, 0, p->begin, 0, 1, &d);
	if (!first || fence_between(st, p, d->end, p->begin, 0))
		return;
	f = cal_report(w, p->cursor, "flag '%s' published with relaxed '%s' and no fence before "
		       "it: the write of '%s' before it may become visible after the flag; publish "
		       "with release ordering", p->key, p->name, d->key);
	cal_note_at(w, f, d->cursor, "'%s' is written here", d->key);
	cal_note_at(w, f, poll->cursor, "'%s' is polled here", poll->key);
	fix_release(st, p, p, &fx);
	add_fix(w, f, st, &fx, p->cursor, "publish with release ordering");
}

/* ---- locks taken and freed in helpers ---- */

static int is_function(CXCursor fn, CXCursor callee)
{
	return clang_equalCursors(clang_getCanonicalCursor(fn), callee);
}

/* The index of fn's parameter base, when key is what it points to ('*m'); else -1. */
static int param_of_key(CXCursor fn, const char *key, const char *base)
{
	int i, n = clang_Cursor_getNumArguments(fn), found = -1;

	if (!key || !base || key[0] != '*' || strcmp(key + 1, base))
		return -1;
	for (i = 0; i < n && found < 0; i++) {
		char *name = cal_cursor_name(clang_Cursor_getArgument(fn, (unsigned)i));
		if (name && !strcmp(name, base))
			found = i;
		free(name);
	}
	return found < RS_MAX_ARGS ? found : -1;
}

static int takes_a_lock(const struct rs_state *st, CXCursor callee)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++)
		if (st->ev[i].kind == RS_TAKE && is_function(st->ev[i].function, callee))
			return 1;
	return 0;
}

/* A lock helper: callee takes the word a parameter points to and does not free it. */
static const struct rs_event *helper_take(const struct rs_state *st, CXCursor callee, int *param)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind == RS_TAKE && is_function(e->function, callee) && !release_of(st, e) &&
		    (*param = param_of_key(e->function, e->key, e->base)) >= 0)
			return e;
	}
	return NULL;
}

/* An unlock helper: callee, taking no lock, writes the word a parameter points to atomically. */
static const struct rs_event *helper_release(const struct rs_state *st, CXCursor callee, int *param)
{
	size_t i;

	if (takes_a_lock(st, callee))
		return NULL;
	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind == RS_WRITE && is_function(e->function, callee) &&
		    (*param = param_of_key(e->function, e->key, e->base)) >= 0)
			return e;
	}
	return NULL;
}

/* The first call after lock call c, in its function, of an unlock helper handed the same word. */
static const struct rs_event *unlock_call(const struct rs_state *st, const struct rs_event *c,
					  const char *key, const struct rs_event **release)
{
	const struct rs_event *u = NULL, *r;
	size_t i;
	int j;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind != RS_CALL || !same_fn(e, c) || e->begin < c->end || (u && e->begin >= u->begin))
			continue;
		r = helper_release(st, e->callee, &j);
		if (r && same_key(e->arg_keys[j], key)) {
			u = e;
			*release = r;
		}
	}
	return u;
}

/* The lock word a call of a lock helper takes, and the take; NULL if c is no such call. */
static const char *lock_call_key(const struct rs_state *st, const struct rs_event *c,
				 const struct rs_event **take)
{
	int i;

	*take = c->kind == RS_CALL ? helper_take(st, c->callee, &i) : NULL;
	return *take ? c->arg_keys[i] : NULL;
}

/*
 * May the helpers be fixed: is every call of the lock helper in the
 * translation unit followed by a call of the unlock helper on its word, and
 * every call of the unlock helper such a follower?  A helper also called
 * otherwise may guard nothing (a fence would only slow it) or be used in a
 * way this file does not show.
 */
static int helpers_only_lock(const struct rs_state *st, CXCursor lock, CXCursor unlock)
{
	const struct rs_event *t, *r, *u;
	size_t i, k;
	int paired;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		const char *key;
		if (e->kind != RS_CALL)
			continue;
		if (is_function(lock, e->callee) &&
		    (!(key = lock_call_key(st, e, &t)) || !unlock_call(st, e, key, &r)))
			return 0;
		if (!is_function(unlock, e->callee))
			continue;
		for (k = 0, paired = 0; k < st->nr_ev && !paired; k++) {
			const struct rs_event *c = &st->ev[k];
			paired = c->kind == RS_CALL && is_function(lock, c->callee) &&
				 (key = lock_call_key(st, c, &t)) && (u = unlock_call(st, c, key, &r)) &&
				 u == e;
		}
		if (!paired)
			return 0;
	}
	return 1;
}

static void report_call_lock(struct cal_walk *w, const struct rs_state *st,
			     const struct rs_event *c, const char *key, const struct rs_event *t,
			     const struct rs_event *r, const struct rs_event *first, int acq_ok,
			     int rel_ok)
{
	char *lock = cal_cursor_name(t->function), *unlock = cal_cursor_name(r->function);
	struct rs_fix fx = { .n = 0 };
	struct cal_finding *f;

	if (!acq_ok && !rel_ok)
		f = cal_report(w, c->cursor, "lock '%s' taken in '%s()' with relaxed '%s' and freed in "
			       "'%s()' with relaxed '%s', no fence in between: the critical section's "
			       "plain accesses are not ordered with the lock; take it with acquire and "
			       "free it with release ordering", key, lock, t->name, unlock, r->name);
	else if (!acq_ok)
		f = cal_report(w, c->cursor, "lock '%s' taken in '%s()' with relaxed '%s' and no fence "
			       "after it: the critical section's plain accesses may happen before the "
			       "lock is held; take it with acquire ordering", key, lock, t->name);
	else
		f = cal_report(w, c->cursor, "lock '%s' freed in '%s()' with relaxed '%s' and no fence "
			       "before it: the critical section's plain accesses may become visible "
			       "after the lock is free; free it with release ordering", key, unlock,
			       r->name);
	cal_note_at(w, f, t->cursor, "the lock is taken here, in '%s()'", lock);
	cal_note_at(w, f, first->cursor, "'%s' is accessed in the critical section here", first->key);
	cal_note_at(w, f, r->cursor, "the lock is freed here, in '%s()'", unlock);
	if (!helpers_only_lock(st, t->function, r->function)) {
		fx.why = "the fix belongs in the helpers, and another call of one of them in this "
			 "file is not such a lock's: order the helpers by hand (acquire after taking, "
			 "release before freeing)";
	} else {
		if (!acq_ok)
			fix_acquire(st, t, &fx);
		if (!rel_ok)
			fix_release(st, t, r, &fx);
	}
	add_fix(w, f, st, &fx, c->cursor, !acq_ok && !rel_ok
		? "take the lock with acquire and free it with release ordering in the helpers"
		: !acq_ok ? "take the lock with acquire ordering in the helper"
			  : "free the lock with release ordering in the helper");
	free(lock);
	free(unlock);
}

struct unknown_search {
	const struct rs_state *st;
	CXCursor fn;
	unsigned from, to;
	int found;
};

static unsigned start_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL,
				   &off);
	return off;
}

/* Is c (a call or an asm statement of fn) one the walk made an event of (an atomic, a fence)? */
static int is_known(const struct unknown_search *u, CXCursor c, unsigned off)
{
	size_t i;

	for (i = 0; i < u->st->nr_ev; i++) {
		const struct rs_event *e = &u->st->ev[i];
		if (e->begin == off && e->kind != RS_DATA && e->kind != RS_CALL &&
		    is_function(e->function, clang_getCanonicalCursor(u->fn)))
			return 1;
	}
	(void)c;
	return 0;
}

static enum CXChildVisitResult unknown_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct unknown_search *u = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned off;

	(void)parent;
	if (k != CXCursor_CallExpr && k != CXCursor_GCCAsmStmt)
		return CXChildVisit_Recurse;
	off = start_of(c);
	if (off >= u->from && off < u->to && !is_known(u, c, off)) {
		u->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Does fn call code between offsets from and to that may order memory
 * unseen (a fence in a wrapper of the user's, 'fence_acquire<S>()', an asm
 * statement)?  Then the lock's ordering is not judged.
 */
static int unknown_code_between(const struct rs_state *st, CXCursor fn, unsigned from, unsigned to)
{
	struct unknown_search u = { st, fn, from, to, 0 };

	clang_visitChildren(fn, unknown_visitor, &u);
	return u.found;
}

/*
 * 'lock(&m); data...; unlock(&m);' with lock() spinning on a CAS of its
 * parameter's word and unlock() writing it: the lock of judge_lock, over
 * three functions.  Fences count in the helpers and in the caller.
 */
static void judge_call_lock(struct cal_walk *w, const struct rs_state *st, const struct rs_event *c)
{
	const struct rs_event *t, *r = NULL, *u, *first, *last;
	struct rs_event in;
	const char *key = lock_call_key(st, c, &t);
	int acq_ok, rel_ok;

	if (!key || !(u = unlock_call(st, c, key, &r)))
		return;
	in = *c;
	in.key = (char *)key;
	first = data_between(st, &in, c->end, u->begin, 0, 0, &last);
	if (!first)
		return;		/* only atomic accesses: relaxed is right */
	/* what the helpers do after taking and before freeing, or the caller around the data */
	if (unknown_code_between(st, t->function, t->after, UINT_MAX) ||
	    unknown_code_between(st, r->function, 0, r->begin) ||
	    unknown_code_between(st, c->function, c->end, first->begin) ||
	    unknown_code_between(st, c->function, last->end, u->begin))
		return;
	acq_ok = !relaxed(t) || fence_between(st, t, t->after, UINT_MAX, 1) ||
		 fence_between(st, c, c->end, first->begin, 1);
	rel_ok = !relaxed(r) || fence_between(st, r, 0, r->begin, 0) ||
		 fence_between(st, c, last->end, u->begin, 0);
	if (!acq_ok || !rel_ok)
		report_call_lock(w, st, c, key, t, r, first, acq_ok, rel_ok);
}

void cal_rs_match(struct cal_walk *w, struct rs_state *st)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++) {
		const struct rs_event *e = &st->ev[i];
		if (e->kind == RS_TAKE)
			judge_lock(w, st, e);
		else if (e->kind == RS_POLL)
			judge_poll(w, st, e);
		else if (e->kind == RS_WRITE)
			judge_publish(w, st, e);
		else if (e->kind == RS_CALL)
			judge_call_lock(w, st, e);
	}
}

void cal_rs_free(struct rs_state *st)
{
	size_t i;

	for (i = 0; i < st->nr_ev; i++) {
		free(st->ev[i].key);
		free(st->ev[i].base);
		free(st->ev[i].name);
		for (int k = 0; k < RS_MAX_ARGS; k++)
			free(st->ev[i].arg_keys[k]);
	}
	free(st->ev);
	cal_cursor_set_release(&st->no_helper);
	free(st);
}

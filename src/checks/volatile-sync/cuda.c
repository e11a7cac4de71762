/*
 * volatile-sync: device code that communicates between threads through
 * volatile lvalues.
 *
 * CUDA's volatile gives neither atomicity nor ordering (Programming Guide,
 * "Volatile Qualifier"), so a spin loop on a volatile flag may see the flag
 * before the data it guards, and a volatile store publishes nothing.  The
 * check flags, in device code of a device parse:
 *   - a read through volatile in the condition of a loop that spins on it
 *     (the loop does not change what the operand of '&&'/'||'/'!' holding
 *     the read depends on: a time-out counted in another operand is fine),
 *     or in an 'if (...) break;' that ends such a loop, also through a local
 *     copy, an accessor, or a small helper loading with PTX 'ld.volatile';
 *   - a plain store through volatile to the word that some loop of the
 *     translation unit polls, either through volatile or with
 *     atomicCAS/atomicExch (a lock acquired in a loop and released by a
 *     volatile store), also through a parameter of a function that a call
 *     hands the polled flag.
 * Polls and stores in host code make the other side a CPU-GPU signal: its
 * fix takes system scope.
 * Polled objects are matched by declaration (a global, a __shared__ or a
 * field) or, for pointers held in parameters and locals, by name, since the
 * producer and the consumer are often separate kernels; within an object,
 * by word (constant indexes, or the same index text).  Everything is
 * collected during the walk and decided in end().  Functions that use PTX
 * .mmio instructions are volatile MMIO code and left alone.
 *
 * The fix is an acquire load / release store through cuda::atomic_ref with
 * block scope for __shared__ objects and device (or system) scope
 * otherwise; below sm_60 the legacy atomicAdd/atomicExch + __threadfence
 * form.  A lock release's fix also makes every acquiring loop an acquire,
 * or there is no fix.  volatile is dropped from the declaration when every
 * use of it (and, for a kernel parameter, every declaration of the kernel)
 * is rewritten; otherwise a const_cast strips it at the use.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "parse/language.h"
#include "fixits/edit.h"
#include "fixits/fallbacks.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "fixits/include_insert.h"
#include "fixits/no_fix.h"
#include "analysis/volatile_util.h"
#include "atomics/atomics.h"
#include "ptx/asm_template.h"
#include "checks/volatile-sync/opencl.h"
#include "checks/volatile-sync/volatile_sync.h"

/* The build's targets, not just this parse's: the fix must compile for all. */
static int needs_legacy_form(const struct cal_walk *w)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_LIBCUDACXX, CAL_OP_LOAD, CAL_T_ANY, 0);
	unsigned min_sm = f ? cal_fact_min_sm(f, 0) : 0;
	const struct cal_target_set *set = w->parse->targets;
	int i;

	if (cal_walk_targets_below(w, min_sm))
		return 1;
	for (i = 0; set && i < set->n; i++)
		if (set->t[i].sm < min_sm)
			return 1;
	return 0;
}

static void *sync_begin(struct cal_walk *w)
{
	struct sync_state *st = xcalloc(1, sizeof(*st));

	st->tu = w->parse->tu;
	st->no_fixes = w->parse->partial;
	st->hip = w->parse->hip;
	st->legacy = !w->parse->is_host && !st->hip && needs_legacy_form(w);
	st->scope = w->parse->scope_system ? "cuda::thread_scope_system" : "cuda::thread_scope_device";
	st->host_memory = w->parse->host_memory;
	st->opencl = w->parse->opencl != 0;
	return st;
}

/*
 * Why the fix keeps system scope, where the translation unit's host code
 * does not show it; below sm_60 there is no fix then (the legacy form's
 * __threadfence() orders at device scope only).
 */
static void note_system_scope_of(struct cal_walk *w, struct cal_finding *f,
				 const struct sync_state *st, const struct access *a,
				 const char *subject, int weak)
{
	const char *fix = st->legacy ? "no automatic fix: a target below sm_60 has no system-scope "
				       "acquire or release, and the legacy form's __threadfence() "
				       "orders at device scope only"
				     : "the fix keeps system scope: a device-scope one would not "
				       "synchronize with the CPU or another GPU";

	if (!a->system_scope || cal_vs_object_is_shared(a->lvalue))
		return;
	if (st->hip)	/* HIP: no PTX memory model to cite */
		weak = 1;
	if (a->system_why && *a->system_why)
		cal_note_at(w, f, a->lvalue, "%s in the program may place '%s' in host-pinned, "
			    "managed or peer GPU memory, which the CPU or another GPU reads and "
			    "writes; %s", a->system_why, subject, fix);
	else if (a->system_why)
		cal_note_at(w, f, a->lvalue, "no code of this translation unit writes '%s': its writer "
			    "may be the CPU (host-pinned or managed memory) or another device%s; %s",
			    subject, weak ? "" : ", and a volatile load is a system-scope relaxed load "
						 "in the PTX memory model", fix);
	else if (st->legacy)
		cal_note_at(w, f, a->lvalue, "host code writes '%s'; %s", subject, fix);
}

static void note_system_scope(struct cal_walk *w, struct cal_finding *f,
			      const struct sync_state *st, const struct access *a, const char *subject)
{
	note_system_scope_of(w, f, st, a, subject, 0);
}

static void report_access(struct cal_walk *w, const struct sync_state *st, const struct access *a)
{
	char *subject = vol_subject(st->tu, a->lvalue);
	struct cal_finding *f;

	const char *load = st->hip ? "an __hip_atomic_load with __ATOMIC_ACQUIRE"
				   : "a cuda::atomic_ref acquire load";
	const char *store = st->hip ? "an __hip_atomic_store with __ATOMIC_RELEASE"
				    : "a cuda::atomic_ref release store";

	if (a->kind == ACC_POLL)
		f = cal_report(w, a->lvalue,
			       "spin-wait on volatile '%s': volatile reads neither synchronize "
			       "threads nor order memory, use %s", subject, load);
	else if (a->lock)
		f = cal_report(w, a->assign,
			       "lock '%s' released by a volatile store, which does not order the "
			       "critical section's writes; use %s", subject, store);
	else
		f = cal_report(w, a->assign,
			       "store to volatile '%s', which another thread polls, publishes nothing: "
			       "volatile writes are not ordered, use %s",
			       subject, store);
	if (a->polled_at && a->stored_via) {
		/* the caller's name for the flag, not the parameter's */
		char *polled = vol_subject(st->tu, *a->polled_at);
		cal_note_at(w, f, *a->polled_at, "'%s' is polled here", polled);
		free(polled);
	} else if (a->polled_at) {
		cal_note_at(w, f, *a->polled_at, a->lock ? "the lock is acquired here"
							 : "'%s' is polled here", subject);
	}
	if (a->stored_via) {
		char *fn = cal_cursor_name(a->function);
		cal_note_at(w, f, *a->stored_via, "'%s' is handed the polled flag here", fn);
		free(fn);
	}
	if (a->no_fix_why)
		cal_note_at(w, f, *a->no_fix_at,
			    "no fix: a release store alone leaves the critical section unordered, and "
			    "this acquisition cannot be made an acquire (%s)", a->no_fix_why);
	if (a->kind == ACC_POLL && a->fence_after)
		cal_note_at(w, f, a->lvalue, "the fence after the loop is narrower than the writer's "
			    "scope: it takes a %s-scope fence (or the acquire load below)",
			    cal_vs_object_is_shared(a->lvalue) ? "block" : a->system_scope ? "system"
												  : "device");
	note_system_scope(w, f, st, a, subject);
	if (a->in_instantiation && !a->fix_allowed && !st->no_fixes) {
		cal_note_no_fix_in_template(w, f, a->function,
					    a->kind == ACC_POLL ? "this loop" : "this store", NULL);
	} else if (a->in_instantiation) {
		char *fn = cal_function_name(a->function);
		cal_note_at(w, f, a->function, "in instantiation '%s'%s", fn,
			    a->dependent && a->can_fix
				    ? "; the fix is the same for every instantiation: the type it "
				      "names does not depend on the template's parameters" : "");
		free(fn);
	}
	if (a->can_fix && st->hip && a->lock)
		cal_note_no_fix(w, f, a->assign, "the HIP form of a lock's release store and "
				"acquiring exchange is not written yet; release with __hip_atomic_store("
				"..., __ATOMIC_RELEASE, ...) and acquire with __ATOMIC_ACQUIRE");
	else if (a->can_fix)
		cal_vs_add_fix(st, f, a);
	free(subject);
}

static int is_volatile_load(const struct poll_call *pc)
{
	return !strcmp(pc->ld_name, "ld.volatile");
}

/*
 * 'do { asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(flag)); }
 * while (v == 0);': fixed where the statement reads as 'v = *flag'.
 */
static void report_asm_poll(struct cal_walk *w, const struct sync_state *st,
			    const struct poll_call *pc)
{
	const struct access *a = &st->acc[pc->poll];
	char *addr = cal_cursor_text(st->tu, pc->read, 0), *subject;
	const char *why = NULL;
	struct cal_finding *f;

	/* in a macro's expansion: the variable's name */
	subject = addr ? xstrdup(addr) : cal_cursor_name(cal_ignore_wrappers(pc->read));
	if (is_volatile_load(pc))
		f = cal_report(w, pc->asm_stmt, "spin-wait on an inline PTX 'ld.volatile' load from '%s': "
			       "volatile loads neither synchronize threads nor order memory, use a "
			       "cuda::atomic_ref acquire load", subject);
	else
		f = cal_report(w, pc->asm_stmt, "spin-wait on an inline PTX '%s' load from '%s': a weak "
			       "load neither synchronizes threads nor orders memory, and the poll races "
			       "with the writer; use a cuda::atomic_ref acquire load", pc->ld_name, subject);
	note_system_scope_of(w, f, st, a, subject, !is_volatile_load(pc));
	if (a->in_instantiation && !a->fix_allowed && !st->no_fixes)
		cal_note_no_fix_in_template(w, f, a->function, "this loop", NULL);
	else if (!st->no_fixes && !st->hip && a->fix_allowed &&
		 (why = cal_vs_add_asm_fix(st, f, pc, a)))
		cal_note_no_fix(w, f, pc->asm_stmt, "%s; load with 'ld.acquire.%s' there (with a "
				"\"memory\" clobber) or a cuda::atomic_ref acquire load", why,
				a->system_scope ? "sys" : "gpu");
	free(addr);
	free(subject);
}

static void report_poll_call(struct cal_walk *w, const struct sync_state *st,
			     const struct poll_call *pc)
{
	char *subject, *name;
	struct cal_finding *f;

	if (pc->direct) {
		report_asm_poll(w, st, pc);
		return;
	}
	subject = vol_subject(st->tu, pc->read);
	name = cal_cursor_name(pc->accessor);
	if (!clang_Cursor_isNull(pc->asm_stmt)) {
		const struct access *a = &st->acc[pc->poll];
		if (is_volatile_load(pc))
			f = cal_report(w, pc->call, "spin-wait through '%s()', whose inline PTX "
				       "'ld.volatile' load neither synchronizes threads nor orders "
				       "memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire "
				       "load) in '%s'", name, name);
		else
			f = cal_report(w, pc->call, "spin-wait through '%s()', whose inline PTX '%s' "
				       "load is weak: it neither synchronizes threads nor orders memory, "
				       "and the poll races with the writer; load with 'ld.acquire' (or a "
				       "cuda::atomic_ref acquire load) in '%s'", name, pc->ld_name, name);
		cal_note_at(w, f, pc->asm_stmt, "the %s load is here; no automatic fix: "
			    "every caller of '%s' shares it, and loads of data through it would "
			    "become acquire loads too; poll with an 'ld.acquire.%s' twin of it (%s "
			    "\"memory\" clobber, so that the compiler keeps the loads after it) or a "
			    "cuda::atomic_ref acquire load", pc->ld_name, name,
			    cal_vs_object_is_shared(a->lvalue) ? "cta" : a->system_scope ? "sys" : "gpu",
			    cal_asm_has_clobber(st->tu, pc->asm_stmt, "memory") ? "keeping its" : "with a");
		free(subject);
		free(name);
		return;
	}
	f = cal_report(w, pc->call, "spin-wait on volatile '%s' through '%s()': volatile reads "
		       "neither synchronize threads nor order memory, use a cuda::atomic_ref "
		       "acquire load in '%s'", subject, name, name);
	cal_note_at(w, f, pc->read, "the volatile read of '%s' is here", subject);
	free(subject);
	free(name);
}

/* OpenCL C: the same finding in OpenCL's words, with OpenCL's fix (opencl.c). */
static void report_access_cl(struct cal_walk *w, const struct sync_state *st,
			     const struct access *a)
{
	struct cal_ocl_volatile v = { a->kind == ACC_POLL, a->lvalue, a->assign, a->polled_at,
				      !st->no_fixes && a->fix_allowed, NULL };

	if (a->kind == ACC_STORE && a->rmw) {
		v.fix_allowed = 0;
		v.why_not = "the store is a read-modify-write ('++', '+='): make it an "
			    "atomic_fetch_add_explicit (or atomic_fetch_*) with memory_order_release";
	} else if (a->kind == ACC_STORE && !a->value_unused) {
		v.fix_allowed = 0;
		v.why_not = "the store's value is used";
	}
	if (cal_opencl_front())
		cal_ocl_report_volatile(w, st->tu, &v);
}

static void sync_end(struct cal_walk *w, void *state)
{
	struct sync_state *st = state;
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		cal_vs_decide_flag(st, &st->acc[i]);
	for (i = 0; i < st->nr_acc; i++) {
		struct access *a = &st->acc[i];
		if (a->flagged && a->lock)
			a->lock_scope = cal_vs_lock_scope(st, a);
		a->can_fix = a->flagged && cal_vs_decide_can_fix(st, a) &&
			     (!a->lock || cal_vs_lock_acquires_fixable(st, a));
	}
	for (i = 0; i < st->nr_acc; i++)
		if (st->acc[i].flagged && w->parse->opencl)
			report_access_cl(w, st, &st->acc[i]);
		else if (st->acc[i].flagged)
			report_access(w, st, &st->acc[i]);
	for (i = 0; i < st->nr_calls && !w->parse->opencl; i++)
		if (!cal_vs_in_mmio_function(st, st->calls[i].accessor) &&
		    !cal_vs_fence_orders(st, &st->acc[st->calls[i].poll], st->calls[i].fence_after))
			report_poll_call(w, st, &st->calls[i]);
	for (i = 0; i < st->nr_acc; i++)
		free(st->acc[i].key.name);
	for (i = 0; i < st->nr_locks; i++)
		free(st->locks[i].key.name);
	free(st->acc);
	free(st->locks);
	free(st->uses);
	free(st->mmio);
	free(st->calls);
	cal_cursor_set_release(&st->no_accessor);
	free(st->protos);
	free(st->launches);
	free(st->arg_calls);
	free(st->arg_callees);
	for (i = 0; i < st->nr_writes; i++)
		free(st->writes[i].name);
	free(st->writes);
	free(st);
}

const struct cal_check cal_check_volatile_sync = {
	.id = "volatile-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "threads communicating through volatile (spin-waits, flags, locks), "
		   "which gives no atomicity or ordering",
	.doc = "volatile-sync.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_HIP,
	.hip_fixes = 1,
	/* uses, prototypes, MMIO asm, volatile lvalues (cal_vs_sync_visit's helpers test these) */
	.kinds = CAL_KINDS(CXCursor_DeclRefExpr, CXCursor_MemberRefExpr, CXCursor_FunctionDecl,
			   CXCursor_AsmStmt, CXCursor_ArraySubscriptExpr, CXCursor_UnaryOperator,
			   CXCursor_CallExpr),
	.needs_words = CAL_WORD_VOLATILE,
	.device_only = 1,	/* cal_vs_sync_visit returns in a host parse */
	.begin = sync_begin,
	.visit = cal_vs_sync_visit,
	.end = sync_end,
};

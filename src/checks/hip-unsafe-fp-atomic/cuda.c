/*
 * hip-unsafe-fp-atomic (HIP only): a floating-point atomic add that compiles
 * to the target's hardware FP atomic (amd_facts.h) where the translation
 * unit allocates fine-grained or host memory.  AMD's hardware FP atomics are
 * not performed on such memory (ROCm's atomics support page): the add is
 * silently lost.  The add is the hardware one when it is unsafeAtomicAdd, or
 * any float/double atomicAdd, atomicSub or __hip_atomic_fetch_add built with
 * -munsafe-fp-atomics; on a target without the instruction it is a CAS loop
 * and safe.  The evidence is a call in this translation unit of
 * HIP's host, managed or fine-grained allocators (atomics/host_alloc.h:
 * hipHostMalloc, hipMallocManaged, hipExtMallocWithFlags(..., Finegrained)...):
 * without one the check is quiet, and the finding names the one it rests
 * on.  No fix: nothing proves the atomic's pointer is that memory, and on
 * coarse-grained memory the hardware atomic is right and faster.
 */
#include <stdlib.h>
#include <string.h>

#include "atomics/amd_facts.h"
#include "atomics/host_alloc.h"
#include "checks/hip-unsafe-fp-atomic/proof.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "parse/ast.h"
#include "analysis/expr_util.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "cuatomlint/strbuf.h"

struct candidate {
	CXCursor call;
	CXCursor function;	/* the function it is in */
	char *name;
	const char *type;	/* "float" or "double" */
	int unsafe_call;	/* unsafeAtomicAdd itself (else the build flag) */
};

/* A function that calls or names another; from the main file's code, or not. */
struct use {
	CXCursor caller, callee;
	int from_main_file;
};

/* An allocation of such memory, and the function that makes it. */
struct evidence {
	char *text;		/* "hipHostMalloc (file.hip:12)" */
	CXCursor function;	/* canonical */
	int in_main_file;
};

struct state {
	char *evidence;		/* the first allocation that counts, once the walk is done */
	struct cal_fine_proof *proof;	/* what the kernels' pointers hold */
	struct candidate *items;
	size_t nr, alloc;
	struct evidence *allocs;
	size_t nr_allocs, alloc_allocs;
	struct use *uses;	/* which function calls or names which (canonical) */
	size_t nr_uses, alloc_uses;
};

static void *unsafe_begin(struct cal_walk *w)
{
	struct state *st = xcalloc(1, sizeof(struct state));

	(void)w;
	st->proof = cal_fine_proof_new();
	return st;
}

/* HIP's host, managed or (flagged) fine-grained allocators; not a peer's memory. */
static const struct cal_host_alloc *hip_allocator(CXCursor callee)
{
	CXString s = clang_getCursorSpelling(callee);
	const char *name = clang_getCString(s);
	const struct cal_host_alloc *a = cal_host_alloc_find(name, strlen(name));

	clang_disposeString(s);
	return a && a->hip && a->kind != CAL_ALLOC_PEER ? a : NULL;
}

/* Is loc in the main file, or in a macro used there (HIP_CHECK(hipHostMalloc(...)))? */
static int from_main_file(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile file;
	unsigned line, column;

	clang_getExpansionLocation(loc, &file, &line, &column, NULL);
	return file && clang_Location_isFromMainFile(clang_getLocation(tu, file, line, column));
}

static void note_evidence(struct cal_walk *w, struct state *st, CXCursor call, CXCursor callee,
			  const struct cal_host_alloc *a)
{
	struct evidence *e;
	struct cal_pos pos;
	const char *base;
	char *name;

	if ((a->kind == CAL_ALLOC_FLAGGED && !cal_fine_flag_named(w->parse->tu, call)) ||
	    cal_coarse_flag_named(w->parse->tu, call))
		return;
	if (cal_pos_from_location(clang_getCursorLocation(call), &pos) < 0)
		return;
	base = strrchr(pos.file, '/');
	name = cal_cursor_name(callee);
	GROW(st->allocs, st->alloc_allocs, st->nr_allocs + 1);
	e = &st->allocs[st->nr_allocs++];
	e->text = xasprintf("%s (%s:%u)", name, base ? base + 1 : pos.file, pos.line);
	e->function = clang_getCanonicalCursor(w->function);
	e->in_main_file = from_main_file(w->parse->tu, clang_getCursorLocation(call));
	free(name);
	free(pos.file);
}

static void note_use(struct cal_walk *w, struct state *st, CXCursor at, CXCursor fn)
{
	struct use *u;

	if (clang_Cursor_isNull(fn))
		return;
	GROW(st->uses, st->alloc_uses, st->nr_uses + 1);
	u = &st->uses[st->nr_uses++];
	u->caller = clang_getCanonicalCursor(w->function);
	u->callee = clang_getCanonicalCursor(fn);
	u->from_main_file = from_main_file(w->parse->tu, clang_getCursorLocation(at));
}

static int in_list(const CXCursor *list, size_t n, CXCursor c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (clang_equalCursors(list[i], c))
			return 1;
	return 0;
}

/*
 * Is fn called (or named) from the main file's code, directly or through
 * calls?  A search back along the uses, each function visited once.
 */
static int reached(const struct state *st, CXCursor fn)
{
	CXCursor *todo = xcalloc(st->nr_uses + 1, sizeof(CXCursor));
	size_t head = 0, tail = 0, i;
	int found = 0;

	todo[tail++] = fn;
	while (head < tail && !found) {
		CXCursor callee = todo[head++];
		for (i = 0; i < st->nr_uses && !found; i++) {
			const struct use *u = &st->uses[i];
			if (!clang_equalCursors(u->callee, callee))
				continue;
			if (u->from_main_file)
				found = 1;
			else if (!clang_Cursor_isNull(u->caller) && !in_list(todo, tail, u->caller))
				todo[tail++] = u->caller;
		}
	}
	free(todo);
	return found;
}

/*
 * The allocation the findings rest on: one in the main file, or in a
 * function the main file's code calls or names, directly or through calls.  A shared header's helper
 * that nothing here uses (a test suite's Pinned::Alloc) is no evidence.
 */
static void settle_evidence(struct state *st)
{
	size_t i;

	for (i = 0; i < st->nr_allocs && !st->evidence; i++)
		if (st->allocs[i].in_main_file || reached(st, st->allocs[i].function))
			st->evidence = xstrdup(st->allocs[i].text);
	for (i = 0; i < st->nr_allocs; i++)
		free(st->allocs[i].text);
	free(st->allocs);
	free(st->uses);
}

/*
 * clang's atomic builtins (__hip_atomic_fetch_add) are AtomicExprs, which
 * libclang shows as unexposed expressions: known by their first token.  A
 * system-scope add is a CAS loop on every target whose hardware add such
 * memory does not perform, -munsafe-fp-atomics or not (clang 19: the fix's
 * own form, test/lit/hip-unsafe-fp-atomic/proven-memory.hip): not judged.
 */
static int is_hip_builtin_add(CXTranslationUnit tu, CXCursor e)
{
	CXToken *toks = NULL;
	unsigned i, n = 0;
	int yes = 0;

	if (clang_getCursorKind(e) != CXCursor_UnexposedExpr)
		return 0;
	clang_tokenize(tu, clang_getCursorExtent(e), &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		if (i == 0)
			yes = n > 1 && !strcmp(clang_getCString(s), "__hip_atomic_fetch_add");
		else if (!strcmp(clang_getCString(s), "__HIP_MEMORY_SCOPE_SYSTEM"))
			yes = 0;
		clang_disposeString(s);
		if (!yes)
			break;
	}
	clang_disposeTokens(tu, toks, n);
	return yes;
}

/* "float" or "double" where the first argument points to one, else NULL. */
static const char *fp_pointee(CXCursor call)
{
	CXCursor arg;
	CXType t;

	if (clang_getCursorKind(call) == CXCursor_UnexposedExpr)
		arg = cal_child(call, 0);
	else if (clang_Cursor_getNumArguments(call) < 2)
		return NULL;
	else
		arg = clang_Cursor_getArgument(call, 0);
	t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(arg))));
	return t.kind == CXType_Float ? "float" : t.kind == CXType_Double ? "double" : NULL;
}

/* HIP's float atomicAdd & co.; callee is null for a builtin (__hip_atomic_fetch_add). */
static int is_fp_add(CXCursor call, CXCursor callee)
{
	static const char *const names[] = { "atomicAdd", "atomicAdd_system", "atomicSub",
		"atomicSub_system", NULL };
	int i;

	if (clang_Cursor_isNull(callee))
		return clang_getCursorKind(call) == CXCursor_UnexposedExpr;
	if (!cal_cursor_in_system_header(callee))	/* a project's own atomicAdd */
		return 0;
	for (i = 0; names[i]; i++)
		if (cal_cursor_name_is(callee, names[i]))
			return 1;
	return 0;
}

static void note_candidate(struct cal_walk *w, struct state *st, CXCursor call, CXCursor callee)
{
	int unsafe_call = !clang_Cursor_isNull(callee) &&
			  cal_cursor_name_is(callee, "unsafeAtomicAdd") &&
			  cal_cursor_in_system_header(callee);
	const char *type = fp_pointee(call);
	struct candidate *c;

	if (!type || !w->parse->arch ||
	    !cal_amd_fadd_unsafe(*w->parse->arch, !strcmp(type, "float") ? 4 : 8))
		return;
	if (!unsafe_call && !(w->parse->unsafe_fp_atomics && is_fp_add(call, callee)))
		return;
	GROW(st->items, st->alloc, st->nr + 1);
	c = &st->items[st->nr++];
	c->call = call;
	c->function = w->function;
	c->name = clang_Cursor_isNull(callee) ? xstrdup("__hip_atomic_fetch_add") :
		  cal_cursor_name(callee);
	c->type = type;
	c->unsafe_call = unsafe_call;
}

/*
 * The function a call in a template names before its arguments' types are
 * known ('hipHostMalloc((void **)&p, sizeof(T))' in a test template that
 * only the host side instantiates): the first of the overloads its name
 * finds that is a plain function of a system header.
 */
static CXCursor unresolved_callee(CXCursor call)
{
	CXCursor ref = cal_strip_casts(cal_child(call, 0)), d;
	unsigned i;

	if (clang_getCursorKind(call) != CXCursor_CallExpr ||
	    clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
		return clang_getNullCursor();
	for (i = 0; i < clang_getNumOverloadedDecls(ref); i++) {
		d = clang_getOverloadedDecl(ref, i);
		if (clang_getCursorKind(d) == CXCursor_FunctionDecl && cal_cursor_in_system_header(d))
			return d;
	}
	return clang_getNullCursor();
}

static void unsafe_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct state *st = state;
	const struct cal_host_alloc *a;
	CXCursor callee;

	if (!w->parse->hip)
		return;
	cal_fine_proof_visit(st->proof, w, c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		callee = clang_getCursorReferenced(c);
		if (clang_getCursorKind(callee) == CXCursor_FunctionDecl ||
		    clang_getCursorKind(callee) == CXCursor_CXXMethod ||
		    clang_getCursorKind(callee) == CXCursor_FunctionTemplate)
			note_use(w, st, c, callee);
		return;
	}
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		if (cal_walk_in_device_code(w) && is_hip_builtin_add(w->parse->tu, c))
			note_candidate(w, st, c, clang_getNullCursor());
		return;
	}
	callee = cal_call_callee(c);
	note_use(w, st, c, callee);
	if (!clang_Cursor_isNull(callee))
		note_use(w, st, c, clang_getSpecializedCursorTemplate(callee));
	if (clang_Cursor_isNull(callee))
		callee = unresolved_callee(c);
	if (cal_walk_in_device_code(w))
		note_candidate(w, st, c, callee);
	else if (!clang_Cursor_isNull(callee) && (a = hip_allocator(callee)))
		note_evidence(w, st, c, callee, a);
}

/*
 * Where every launch of the kernel passes host or fine-grained memory
 * (proof.h), the add becomes a relaxed system-scope __hip_atomic_fetch_add:
 * clang 19 makes it a CAS loop on every target whose hardware add such
 * memory does not perform, with or without -munsafe-fp-atomics (HIP 5.2's
 * safeAtomicAdd(float *) is the hardware add on gfx11 and gfx12 under that
 * flag), and system scope is the one a CPU writer needs.  gfx940's hardware
 * add, which LLVM deems right on every memory, stays.
 */
static int add_fix(struct cal_walk *w, const struct state *st, struct cal_finding *f,
		   const struct candidate *c)
{
	CXTranslationUnit tu = w->parse->tu;
	char *ptr, *val, *text, *desc;
	const char *alloc = NULL;
	int ok;

	if (clang_getCursorKind(c->call) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(c->call) != 2 || !strcmp(c->name, "atomicSub") ||
	    !strcmp(c->name, "atomicSub_system") ||
	    !cal_fine_proof_holds(st->proof, tu, c->function,
				  clang_Cursor_getArgument(c->call, 0), &alloc))
		return 0;
	ptr = cal_cursor_text(tu, clang_Cursor_getArgument(c->call, 0), CAL_TEXT_MACRO_USES);
	val = cal_cursor_text(tu, clang_Cursor_getArgument(c->call, 1), CAL_TEXT_MACRO_USES);
	ok = ptr && val;
	if (ok) {
		text = xasprintf("__hip_atomic_fetch_add(%s, %s, __ATOMIC_RELAXED, "
				 "__HIP_MEMORY_SCOPE_SYSTEM)", ptr, val);
		desc = xasprintf("every launch of the kernel here passes %s memory: add with a "
				 "relaxed system-scope __hip_atomic_fetch_add, a CAS loop such memory "
				 "performs", alloc);
		ok = cal_add_simple_fix(f, desc, clang_getCursorExtent(c->call), text) == 0;
		free(text);
		free(desc);
	}
	free(ptr);
	free(val);
	return ok;
}

static void report(struct cal_walk *w, const struct state *st, const struct candidate *c)
{
	struct cal_finding *f;

	if (c->unsafe_call)
		f = cal_report(w, c->call, "'%s' on '%s' is undefined on fine-grained or host memory "
			       "(HIP's header: it may use the hardware floating-point atomic of "
			       CAL_ARCHS_PLACEHOLDER ", which such memory does not perform), and this "
			       "translation unit allocates such memory: %s",
			       c->name, c->type, st->evidence);
	else
		f = cal_report(w, c->call, "'%s' on '%s' is the hardware floating-point atomic of "
			       CAL_ARCHS_PLACEHOLDER " under -munsafe-fp-atomics, which is not "
			       "performed on fine-grained or host memory, and this translation unit "
			       "allocates such memory: %s", c->name, c->type, st->evidence);
	if (!add_fix(w, st, f, c))
		cal_note_no_fix(w, f, c->call, "nothing proves that this pointer is that memory; "
				"where it may be, use __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, "
				"__HIP_MEMORY_SCOPE_SYSTEM)%s", c->unsafe_call ? "" :
				", or build without -munsafe-fp-atomics");
}

static void unsafe_end(struct cal_walk *w, void *state)
{
	struct state *st = state;
	size_t i;

	settle_evidence(st);
	for (i = 0; i < st->nr; i++) {
		if (st->evidence)
			report(w, st, &st->items[i]);
		free(st->items[i].name);
	}
	free(st->items);
	free(st->evidence);
	cal_fine_proof_free(st->proof);
	free(st);
}

const struct cal_check cal_check_hip_unsafe_fp_atomic = {
	.id = "hip-unsafe-fp-atomic",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "HIP: a floating-point atomic add compiled to AMD's hardware FP atomic in a "
		   "translation unit that allocates fine-grained or host memory, where the add "
		   "is silently lost",
	.doc = "hip-unsafe-fp-atomic.md",
	.languages = CAL_LANG_HIP,
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_UnexposedExpr, CXCursor_DeclRefExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.begin = unsafe_begin,
	.visit = unsafe_visit,
	.end = unsafe_end,
	.hip_fixes = 1,
};

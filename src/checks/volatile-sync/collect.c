/*
 * volatile-sync, collecting: during the walk, the volatile polls and stores,
 * the locks acquired in loops, the calls that hand a flag on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/expr_util.h"
#include "parse/ast.h"
#include "parse/check.h"
#include "parse/language.h"
#include "fixits/edit.h"
#include "fixits/fallbacks.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "fixits/include_insert.h"
#include "analysis/volatile_util.h"
#include "atomics/atomics.h"
#include "ptx/asm_template.h"
#include "analysis/spin_loop.h"
#include "checks/volatile-sync/volatile_sync.h"

/* A call of a kernel: its arguments must still convert once volatile goes. */
static void record_launch(struct sync_state *st, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);

	if (clang_Cursor_isNull(callee) || cal_function_space(callee) != CAL_SPACE_GLOBAL)
		return;
	GROW(st->launches, st->alloc_launches, st->nr_launches + 1);
	st->launches[st->nr_launches++] = call;
}

/* ---- collecting ---- */


static void record_use(struct sync_state *st, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c), dk;
	CXCursor d;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return;
	d = clang_getCursorReferenced(c);
	dk = clang_getCursorKind(d);
	if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl && dk != CXCursor_FieldDecl) ||
	    !cal_type_is_volatile(clang_getCursorType(d)))
		return;
	GROW(st->uses, st->alloc_uses, st->nr_uses + 1);
	st->uses[st->nr_uses].decl = clang_getCanonicalCursor(d);
	st->uses[st->nr_uses++].ref = c;
}

static void record_mmio(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	if (clang_Cursor_isNull(w->function) || !cal_asm_has_statement(c, NULL, ".mmio"))
		return;
	GROW(st->mmio, st->alloc_mmio, st->nr_mmio + 1);
	st->mmio[st->nr_mmio++] = w->function;
}

/*
 * The legacy atomicCAS / atomicExch (any scope) that takes a lock, by name;
 * resolved calls only (a template pattern's is judged in its instantiations).
 */
int cal_vs_legacy_lock_op(CXCursor call, struct cal_atomic *a)
{
	return clang_getCursorKind(call) == CXCursor_CallExpr &&
	       cal_atomic_classify(NULL, call, a) && a->how == CAL_CALLEE_RESOLVED &&
	       a->api == CAL_API_LEGACY && (a->op == CAL_OP_CAS || a->op == CAL_OP_EXCH);
}

static int is_lock_call(CXCursor call)
{
	struct cal_atomic a;

	return cal_vs_legacy_lock_op(call, &a);
}

static void record_lock(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	struct lock_site *l;
	CXCursor loop, parent;
	int level = 0;

	if (!is_lock_call(call) || clang_Cursor_getNumArguments(call) < 1)
		return;
	loop = cal_spin_loop(w, st->tu, call, &level);
	if (clang_Cursor_isNull(loop))
		return;
	parent = cal_walk_parent(w, level + 1);
	GROW(st->locks, st->alloc_locks, st->nr_locks + 1);
	l = &st->locks[st->nr_locks++];
	cal_vs_key_of(clang_Cursor_getArgument(call, 0), &l->key);
	l->call = call;
	l->loop = loop;
	l->block = clang_getCursorKind(parent) == CXCursor_CompoundStmt ? parent
									 : clang_getNullCursor();
	l->fix_allowed = vol_fix_allowed_at(w, clang_Cursor_getArgument(call, 0));
}

static struct access *new_access(struct sync_state *st, struct cal_walk *w, CXCursor lvalue,
				 enum access_kind kind)
{
	struct access *a;

	GROW(st->acc, st->alloc_acc, st->nr_acc + 1);
	a = &st->acc[st->nr_acc++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->lvalue = lvalue;
	a->assign = clang_getNullCursor();
	a->function = w->function;
	cal_vs_key_of(lvalue, &a->key);
	a->root_ref = clang_getNullCursor();
	a->root = cal_vs_volatile_root(lvalue, &a->root_ref);
	a->copy = clang_getNullCursor();
	a->fix_allowed = vol_fix_allowed_at(w, lvalue);
	a->in_instantiation = w->in_instantiation;
	a->dependent = cal_walk_in_dependent_instantiation(w);
	return a;
}

/* Is p '++x', 'x--' or 'x op= v' with below (the volatile lvalue's wrapper) as x? */
static int is_rmw_of(CXCursor p, CXCursor below)
{
	int compound = 0;

	if (vol_is_assignment(p, &compound) && compound)
		return clang_equalCursors(cal_child(p, 0), below);
	return (vol_is_unary(p, CXUnaryOperator_PreInc) || vol_is_unary(p, CXUnaryOperator_PostInc) ||
		vol_is_unary(p, CXUnaryOperator_PreDec) || vol_is_unary(p, CXUnaryOperator_PostDec)) &&
	       clang_equalCursors(cal_child(p, 0), below);
}

/* The fence the thread runs after the loop polling c (spin_loop.h), 0 if none. */
static int fence_after_poll(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c)
{
	int level = 0;
	CXCursor loop = cal_spin_loop(w, tu, c, &level);

	return clang_Cursor_isNull(loop) ? 0 : cal_fence_after_loop(w, tu, level);
}

static void record_access(struct sync_state *st, struct cal_walk *w, CXCursor c, int host)
{
	int level = 0, compound;
	CXCursor below, p = vol_parent(w, c, &level, &below);
	enum CXCursorKind pk = clang_getCursorKind(p);

	if (!cal_is_scalar(clang_getCursorType(c)))
		return;
	if (pk == CXCursor_UnexposedExpr && !vol_type_is_volatile(clang_getCursorType(p))) {
		CXCursor copy = clang_getNullCursor();
		struct access *a;

		if (cal_in_spin_condition(w, st->tu, c) || cal_in_copied_poll(w, st->tu, p, level + 1, &copy)) {
			a = new_access(st, w, c, ACC_POLL);
			a->host = host;
			a->copy = copy;
			a->fence_after = fence_after_poll(w, st->tu, c);
		} else if (!clang_Cursor_isNull(copy) && !host) {
			/* 'int v = *flag;' before 'while (!v) v = *flag;': a poll if that loop is one */
			a = new_access(st, w, c, ACC_POLL);
			a->copy = copy;
			a->pre_read = 1;
		}
	} else if (!host && vol_is_assignment(p, &compound) && !compound &&
		   clang_equalCursors(cal_child(p, 0), below)) {
		struct access *a = new_access(st, w, c, ACC_STORE);
		CXCursor pp;
		enum CXCursorKind ppk;

		level++;
		pp = vol_parent(w, p, &level, &below);
		ppk = clang_getCursorKind(pp);
		a->assign = p;
		a->statement = ppk == CXCursor_CompoundStmt;
		if (a->statement)
			a->fence_before = cal_fence_before_statement(st->tu, pp, below);
		a->value_unused = !clang_isExpression(ppk) && ppk != CXCursor_DeclStmt &&
				  ppk != CXCursor_VarDecl && ppk != CXCursor_ReturnStmt;
	} else if (!host && w->parse->opencl && is_rmw_of(p, below)) {
		/* an epoch bumped with '(*epoch)++' publishes as a store does */
		struct access *a = new_access(st, w, c, ACC_STORE);
		a->assign = p;
		a->rmw = 1;
	}
}

/*
 * A store in host code to an object device code may poll ('*h_flag = 1;'
 * on mapped memory, 'flag = 1;' on a __managed__ variable): it never is a
 * finding, but makes the device's polls of that object system-scope ones.
 */
static void record_host_store(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int level = 0, compound;
	CXCursor below, p;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr && !vol_is_unary(c, CXUnaryOperator_Deref))
		return;
	p = vol_parent(w, c, &level, &below);
	if (!vol_is_assignment(p, &compound) || !clang_equalCursors(cal_child(p, 0), below) ||
	    !cal_is_scalar(clang_getCursorType(c)))
		return;
	if (k == CXCursor_DeclRefExpr &&
	    !clang_Cursor_hasVarDeclGlobalStorage(clang_getCursorReferenced(c)) &&
	    !vol_type_is_volatile(clang_getCursorType(c)))
		return;	/* a host local */
	new_access(st, w, c, ACC_STORE)->host = 1;
}

/*
 * The poll behind an accessor call, so that stores to the same flag are
 * reported: keyed by the argument the accessor reads through ('flag' in
 * is_ready(flag)), or by the read itself when it reads a global.
 */
static void record_accessor_poll(struct sync_state *st, struct cal_walk *w, CXCursor call,
				 CXCursor accessor, CXCursor read)
{
	CXCursor base = cal_base_variable(cal_vs_strip_address(read));
	struct access *a = new_access(st, w, read, ACC_POLL);
	int i, n = clang_Cursor_getNumArguments(accessor);

	a->via_accessor = 1;
	a->lvalue = call;
	if (clang_getCursorKind(base) != CXCursor_ParmDecl)
		return;
	for (i = 0; i < n && i < clang_Cursor_getNumArguments(call); i++) {
		if (clang_equalCursors(clang_Cursor_getArgument(accessor, i), base)) {
			free(a->key.name);
			cal_vs_key_of(clang_Cursor_getArgument(call, i), &a->key);
			return;
		}
	}
	free(a->key.name);	/* a parameter not passed here (a default argument) */
	a->key.name = NULL;
	a->key.decl = clang_getNullCursor();
}

int cal_vs_weak_load(const struct cal_asm_template *at, struct ptx_insn *insn, unsigned *nr,
		     char *name, size_t size)
{
	const char *t = at->text.buf;

	if (!ptx_find_statement(t, at->text.len, "ld", insn, nr) ||
	    ptx_insn_has_qualifier(insn, t, ".acquire") || ptx_insn_has_qualifier(insn, t, ".relaxed") ||
	    ptx_insn_has_qualifier(insn, t, ".mmio"))
		return 0;
	if (ptx_insn_has_qualifier(insn, t, ".volatile")) {
		snprintf(name, size, "ld.volatile");
		return 1;
	}
	if (!ptx_insn_has_qualifier(insn, t, ".cg") && !ptx_insn_has_qualifier(insn, t, ".cv"))
		return 0;
	ptx_statement_name(insn, t, 2, name, size);
	return 1;
}

/* Does asm statement stmt load with a weak or volatile PTX load (name: as cal_vs_weak_load)? */
static int asm_weak_load(CXCursor stmt, char *name, size_t size)
{
	struct cal_asm_template at;
	struct ptx_insn insn;
	unsigned nr;
	int found;

	memset(&at, 0, sizeof(at));
	found = cal_asm_template_load(&at, stmt) == 0 &&
		cal_vs_weak_load(&at, &insn, &nr, name, size);
	cal_asm_template_release(&at);
	return found;
}

/*
 * A small helper (a body of at most four statements) that loads through
 * one of its pointer parameters with inline PTX 'ld.volatile' (or a weak
 * 'ld.global.cg' / 'ld.global.cv'), the way communication libraries poll:
 * its asm statement, the load's name in name, and in *ref the parameter's
 * use in the asm operands; null if fn is not one.
 */
/*
 * A weak ld.cg / ld.cv poll in a parse that stands only for targets below
 * sm_70, which have no ld.acquire: the legacy idiom there (CUTLASS's
 * '#if __CUDA_ARCH__ >= 700 ld.acquire #else ld.cg' helpers), not judged.
 * ld.volatile is judged on every target, as before.
 */
static int weak_below_sm70(const struct cal_walk *w, const char *name)
{
	uint64_t all = w->parse->arch_mask;

	return strcmp(name, "ld.volatile") != 0 && all &&
	       (cal_walk_targets_below(w, 70) & all) == all;
}

struct weak_name {
	char *name;
	size_t size;
};

static int accept_weak_load(CXCursor stmt, void *data)
{
	struct weak_name *n = data;

	return asm_weak_load(stmt, n->name, n->size);
}

static CXCursor asm_volatile_poll(CXCursor fn, CXCursor *ref, char *name, size_t size)
{
	struct weak_name n = { name, size };
	int param;

	return cal_asm_helper_load(fn, accept_weak_load, &n, ref, &param);
}

/*
 * 'do { ld_cv(v, flag); } while (v == 0);': a helper whose asm load writes
 * a reference parameter, handed a local the loop around the call tests.
 * The walk level of that loop, or -1.
 */
static int out_param_polled(const struct cal_walk *w, CXTranslationUnit tu, CXCursor call,
			    CXCursor def, CXCursor asm_stmt)
{
	struct cal_asm_template at;
	struct ptx_insn insn;
	unsigned nr;
	char name[32];
	int dst, i, n, level = -1;
	CXCursor out, d;

	memset(&at, 0, sizeof(at));
	if (clang_Cursor_isNull(asm_stmt) || cal_asm_template_load(&at, asm_stmt) < 0 ||
	    !cal_vs_weak_load(&at, &insn, &nr, name, sizeof(name)) ||
	    (dst = ptx_operand_index(&insn, 0, at.text.buf, &at.operands)) < 0 ||
	    dst >= cal_nr_children(asm_stmt))
		goto out;
	out = cal_ignore_wrappers(cal_child(asm_stmt, dst));
	d = clang_getCursorReferenced(out);
	if (clang_getCursorKind(out) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(d) != CXCursor_ParmDecl ||
	    clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_LValueReference)
		goto out;
	n = clang_Cursor_getNumArguments(def);
	for (i = 0; i < n && i < clang_Cursor_getNumArguments(call); i++) {
		CXCursor copy;
		if (!clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(def, i)),
					clang_getCanonicalCursor(d)))
			continue;
		copy = cal_local_var_of(clang_Cursor_getArgument(call, i));
		if (!clang_Cursor_isNull(copy))
			level = cal_output_polled(w, tu, call, copy);
	}
out:
	cal_asm_template_release(&at);
	return level;
}

/* Is the value of call (the current cursor) what a spin-wait tests? */
static int call_is_polled(const struct cal_walk *w, CXTranslationUnit tu, CXCursor call)
{
	CXCursor copy;

	return cal_in_spin_condition(w, tu, call) || cal_in_copied_poll(w, tu, call, 0, &copy);
}

/*
 * 'while (!is_ready(flag))' where is_ready is a device function of the
 * user's whose body is one return statement reading through volatile, or
 * a small helper loading with inline PTX 'ld.volatile': the poll is the
 * call.  Deeper helpers are not followed.
 */
static void record_poll_call(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call), def, read, asm_stmt = clang_getNullCursor();
	struct poll_call *pc;
	char name[sizeof(pc->ld_name)];
	int out_level;

	/* a template's body is walked from the call, and its read reported there */
	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee) ||
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
		return;
	def = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || !(cal_function_space(def) & CAL_SPACE_DEVICE) ||
	    cal_vs_in_mmio_function(st, def))
		return;
	/* most callees are no accessor: that verdict is the definition's alone */
	if (cal_cursor_set_has(&st->no_accessor, def))
		return;
	read = vol_accessor_read(def);
	name[0] = '\0';
	if (clang_Cursor_isNull(read))
		asm_stmt = asm_volatile_poll(def, &read, name, sizeof(name));
	if (clang_Cursor_isNull(read))
		cal_cursor_set_add(&st->no_accessor, def);
	if (clang_Cursor_isNull(read) || (!clang_Cursor_isNull(asm_stmt) && weak_below_sm70(w, name)))
		return;
	out_level = call_is_polled(w, st->tu, call) ? -1
		    : out_param_polled(w, st->tu, call, def, asm_stmt);
	if (out_level < 0 && !call_is_polled(w, st->tu, call))
		return;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	pc = &st->calls[st->nr_calls++];
	pc->call = call;
	pc->read = read;
	pc->accessor = def;
	pc->asm_stmt = asm_stmt;
	pc->direct = 0;
	memcpy(pc->ld_name, name, sizeof(name));
	pc->fence_after = out_level >= 0 ? cal_fence_after_loop(w, st->tu, out_level)
					 : fence_after_poll(w, st->tu, call);
	pc->poll = st->nr_acc;
	record_accessor_poll(st, w, call, def, read);
}

/*
 * An asm statement that loads with a weak or volatile PTX load into a
 * local that an enclosing loop spins on: 'do { asm volatile("ld.global.cg.u32
 * %0, [%1];" : "=r"(v) : "l"(flag)); } while (v == 0);'.  The poll is
 * recorded as an accessor's is (record_accessor_poll), keyed by the address
 * operand, so that its scope is decided as a volatile poll's.
 */
static void record_asm_poll(struct sync_state *st, struct cal_walk *w, CXCursor stmt)
{
	struct cal_asm_template at;
	struct ptx_insn insn;
	struct poll_call *pc;
	struct access *a;
	unsigned nr;
	int dst, level;
	CXCursor addr, copy;
	char name[sizeof(pc->ld_name)];

	memset(&at, 0, sizeof(at));
	if (clang_Cursor_isNull(w->function) || cal_asm_template_load(&at, stmt) < 0 ||
	    !cal_vs_weak_load(&at, &insn, &nr, name, sizeof(name)) || weak_below_sm70(w, name))
		goto out;
	dst = ptx_operand_index(&insn, 0, at.text.buf, &at.operands);
	addr = cal_asm_address_operand(&at, stmt, &insn);
	if (dst < 0 || dst >= cal_nr_children(stmt) || clang_Cursor_isNull(addr))
		goto out;
	copy = cal_local_var_of(cal_child(stmt, dst));
	if (clang_Cursor_isNull(copy) || (level = cal_output_polled(w, st->tu, stmt, copy)) < 0)
		goto out;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	pc = &st->calls[st->nr_calls++];
	pc->call = stmt;
	pc->read = addr;
	pc->accessor = w->function;
	pc->asm_stmt = stmt;
	pc->direct = 1;
	memcpy(pc->ld_name, name, sizeof(name));
	pc->fence_after = cal_fence_after_loop(w, st->tu, level);
	pc->poll = st->nr_acc;
	a = new_access(st, w, addr, ACC_POLL);
	a->via_accessor = 1;
	a->copy = copy;
out:
	cal_asm_template_release(&at);
}

/* Does fn have a parameter that points to volatile (a store through it may publish)? */
static int has_volatile_pointer_parameter(CXCursor fn)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, i)));
		if (t.kind == CXType_Pointer && vol_type_is_volatile(clang_getPointeeType(t)))
			return 1;
	}
	return 0;
}

/* A call that hands a producer function the flag it stores to: 'set_ready(flag)'. */
static void record_arg_call(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);

	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee) ||
	    !has_volatile_pointer_parameter(callee))
		return;
	GROW(st->arg_calls, st->alloc_arg_calls, st->nr_arg_calls + 1);
	GROW(st->arg_callees, st->alloc_arg_callees, st->nr_arg_calls + 1);
	st->arg_callees[st->nr_arg_calls] = clang_getCanonicalCursor(callee);
	st->arg_calls[st->nr_arg_calls++] = call;
}

static void add_write(struct sync_state *st, CXCursor e)
{
	GROW(st->writes, st->alloc_writes, st->nr_writes + 1);
	cal_vs_key_of(e, &st->writes[st->nr_writes++]);
}

/*
 * A write in device code that volatile-sync does not judge: an atomic
 * (its pointer argument) or a plain store.  A poll whose word none of these
 * nor a volatile store writes has its writer outside the translation unit.
 */
static void record_write(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cal_atomic at;
	int level = 0, compound;
	CXCursor below, p;

	if (k == CXCursor_CallExpr) {
		if (cal_atomic_classify(w, c, &at) && at.op != CAL_OP_LOAD &&
		    at.api != CAL_API_LIBCUDACXX && clang_Cursor_getNumArguments(c) > 0)
			add_write(st, clang_Cursor_getArgument(c, 0));
		return;
	}
	if (vol_is_volatile_lvalue(c) || (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
					   k != CXCursor_ArraySubscriptExpr && k != CXCursor_UnaryOperator))
		return;
	/* 'p = q' moves a pointer: it writes nothing p points to, which a poll of '*p' reads */
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) &&
	    clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer)
		return;
	p = vol_parent(w, c, &level, &below);
	if (vol_is_assignment(p, &compound) && clang_equalCursors(cal_child(p, 0), below))
		add_write(st, c);
}

void cal_vs_sync_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct sync_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (w->parse->is_host)
		return;
	record_use(st, c);
	if (k == CXCursor_FunctionDecl && !clang_isCursorDefinition(c)) {
		GROW(st->protos, st->alloc_protos, st->nr_protos + 1);
		st->protos[st->nr_protos++] = c;
		return;
	}
	if (k == CXCursor_GCCAsmStmt) {
		record_mmio(st, w, c);
		if (!vol_in_template_pattern(w) && cal_walk_in_device_code(w))
			record_asm_poll(st, w, c);
		return;
	}
	if (vol_in_template_pattern(w))
		return;
	if (k == CXCursor_CallExpr)
		record_launch(st, c);
	if (!cal_walk_in_device_code(w)) {
		/* host code polling what the device stores: the GPU-to-CPU signal */
		if ((w->space & CAL_SPACE_HOST) && vol_is_volatile_lvalue(c))
			record_access(st, w, c, 1);
		/* host code setting what the device polls: the CPU-to-GPU signal */
		if (w->space & CAL_SPACE_HOST)
			record_host_store(st, w, c);
		return;
	}
	record_write(st, w, c);
	if (k == CXCursor_CallExpr) {
		record_lock(st, w, c);
		record_poll_call(st, w, c);
		record_arg_call(st, w, c);
	} else if (vol_is_volatile_lvalue(c))
		record_access(st, w, c, 0);
}

/* Spin-waits: which loop spins on a read (spin_loop.h). */
#include "analysis/spin_loop.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/volatile_util.h"

static int is_loop_kind(enum CXCursorKind k)
{
	return k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ForStmt;
}

static unsigned start_offset(CXCursor c)
{
	unsigned off = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL,
				   NULL, &off);
	return off;
}

/* Does child of a for statement lie between the two ';' of its header? */
static int is_for_condition(CXTranslationUnit tu, CXCursor loop, CXCursor child)
{
	CXToken *toks = NULL;
	unsigned n = 0, i, semi[2] = { 0, 0 }, off = start_offset(child);
	int depth = 0, nr_semi = 0;

	clang_tokenize(tu, vol_file_extent(tu, loop), &toks, &n);
	for (i = 0; i < n && nr_semi < 2; i++) {
		char *s = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		if (!strcmp(s, "("))
			depth++;
		else if (!strcmp(s, ")") && --depth == 0)
			i = n;
		else if (!strcmp(s, ";") && depth == 1)
			clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]), NULL, NULL,
						   NULL, &semi[nr_semi++]);
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
	return nr_semi == 2 && off > semi[0] && off < semi[1];
}

static int is_loop_condition(CXTranslationUnit tu, CXCursor loop, CXCursor child)
{
	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		return !clang_equalCursors(child, cal_child(loop, cal_nr_children(loop) - 1));
	case CXCursor_DoStmt:
		return clang_equalCursors(child, cal_child(loop, 1));
	case CXCursor_ForStmt:
		return is_for_condition(tu, loop, child);
	default:
		return 0;
	}
}

struct var_set {
	CXCursor items[32];
	int nr;
};

static void var_set_add(struct var_set *s, CXCursor v)
{
	if (!clang_Cursor_isNull(v) && s->nr < 32)
		s->items[s->nr++] = clang_getCanonicalCursor(v);
}

static enum CXChildVisitResult read_vars_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind k = clang_getCursorKind(d);
		if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
			var_set_add(data, d);
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult written_vars_visitor(CXCursor c, CXCursor parent,
						    CXClientData data)
{
	int compound;

	(void)parent;
	if (vol_is_assignment(c, &compound) || vol_is_unary(c, CXUnaryOperator_PreInc) ||
	    vol_is_unary(c, CXUnaryOperator_PostInc) || vol_is_unary(c, CXUnaryOperator_PreDec) ||
	    vol_is_unary(c, CXUnaryOperator_PostDec))
		var_set_add(data, cal_base_variable(cal_child(c, 0)));
	return CXChildVisit_Recurse;
}

static int var_set_has(const struct var_set *s, CXCursor v)
{
	int i;

	for (i = 0; i < s->nr; i++)
		if (clang_equalCursors(s->items[i], clang_getCanonicalCursor(v)))
			return 1;
	return 0;
}

/*
 * A spin: the loop changes nothing that operand (of its condition) reads
 * except through volatile (and except copy, a local that holds a copy of
 * the volatile value, or a null cursor).
 */
static int is_spin_except(CXCursor loop, CXCursor operand, CXCursor copy)
{
	struct var_set read = { .nr = 0 }, written = { .nr = 0 };
	int i;

	read_vars_visitor(operand, operand, &read);
	clang_visitChildren(operand, read_vars_visitor, &read);
	clang_visitChildren(loop, written_vars_visitor, &written);
	for (i = 0; i < read.nr; i++)
		if (var_set_has(&written, read.items[i]) &&
		    (clang_Cursor_isNull(copy) || !clang_equalCursors(read.items[i], copy)))
			return 0;
	return 1;
}

static unsigned end_offset(CXCursor c)
{
	unsigned off = 0;
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL, NULL,
				   &off);
	return off;
}

/* e (under parentheses and implicit casts) if it is a '&&', '||' or '!', else null. */
static CXCursor logical_operand(CXCursor e)
{
	e = cal_ignore_wrappers(e);
	if (vol_is_unary(e, CXUnaryOperator_LNot))
		return e;
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LAnd ||
	     clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LOr))
		return e;
	return clang_getNullCursor();
}

/*
 * The operand of condition cond that holds offset off, splitting it at
 * '&&', '||' and '!': in 'budget > 0 && !*go' the spin is on '*go', and
 * the loop counting budget down only bounds it.
 */
static CXCursor operand_at(CXCursor cond, unsigned off)
{
	CXCursor e = cond, op;
	int guard, i, n;

	for (guard = 0; guard < 64 && !clang_Cursor_isNull(op = logical_operand(e)); guard++) {
		CXCursor next = clang_getNullCursor();
		n = cal_nr_children(op);
		for (i = 0; i < n; i++) {
			CXCursor ch = cal_child(op, i);
			if (start_offset(ch) <= off && off < end_offset(ch))
				next = ch;
		}
		if (clang_Cursor_isNull(next))
			break;
		e = next;
	}
	return e;
}

/* Does the loop spin on what c (in cond) reads, whatever else its condition counts? */
static int is_spin(CXCursor loop, CXCursor cond, CXCursor c)
{
	return is_spin_except(loop, operand_at(cond, start_offset(c)), clang_getNullCursor());
}

/* Does expression e read variable v? */
static int reads_var(CXCursor e, CXCursor v)
{
	struct var_set read = { .nr = 0 };

	read_vars_visitor(e, e, &read);
	clang_visitChildren(e, read_vars_visitor, &read);
	return var_set_has(&read, v);
}

static int is_break_branch(CXCursor s)
{
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt && cal_nr_children(s) == 1)
		s = cal_child(s, 0);
	return clang_getCursorKind(s) == CXCursor_BreakStmt;
}

/*
 * The spinning loop whose condition holds the current cursor c, or whose
 * body holds c in the condition of an 'if (...) break;' directly in it;
 * null if none.  *level gets the walk level of the loop.
 */
CXCursor cal_spin_loop(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c, int *level)
{
	CXCursor child = c, cond = clang_getNullCursor(), none = clang_getNullCursor();
	int n;

	for (n = 0; n < w->depth; n++) {
		CXCursor p = cal_walk_parent(w, n);
		enum CXCursorKind k = clang_getCursorKind(p);

		if (cal_is_function_kind(k) || k == CXCursor_LambdaExpr ||
		    (k == CXCursor_CallExpr && clang_getCursorKind(child) == CXCursor_CompoundStmt))
			return none;
		if (is_loop_kind(k)) {
			int spins = !clang_Cursor_isNull(cond) ? is_spin(p, cond, c)
				    : is_loop_condition(tu, p, child) && is_spin(p, child, c);
			*level = n;
			return spins ? p : none;
		}
		if (k == CXCursor_IfStmt && clang_Cursor_isNull(cond) &&
		    clang_equalCursors(child, cal_child(p, 0)) && cal_nr_children(p) == 2 &&
		    is_break_branch(cal_child(p, 1))) {
			cond = child;
		} else if (!clang_Cursor_isNull(cond) && k != CXCursor_CompoundStmt) {
			return none;
		}
		child = p;
	}
	return none;
}

/* The first statement of block after index i that is neither a barrier nor empty: its fence rank. */
static int fence_next_in_block(CXTranslationUnit tu, CXCursor block, int i, int *at_end)
{
	int n = cal_nr_children(block);

	for (*at_end = 0, i++; i < n; i++) {
		CXCursor s = cal_child(block, i);
		if (clang_getCursorKind(s) == CXCursor_NullStmt || vol_is_barrier_call(s))
			continue;
		return vol_fence_rank(tu, s);
	}
	*at_end = 1;
	return 0;
}

int cal_fence_before_statement(CXTranslationUnit tu, CXCursor block, CXCursor s)
{
	int n = cal_nr_children(block), i;

	for (i = 0; i < n && !clang_equalCursors(cal_child(block, i), s); i++)
		;
	while (i-- > 0) {
		CXCursor prev = cal_child(block, i);
		if (clang_getCursorKind(prev) != CXCursor_NullStmt && !vol_is_barrier_call(prev))
			return vol_fence_rank(tu, prev);
	}
	return 0;
}

int cal_fence_after_loop(const struct cal_walk *w, CXTranslationUnit tu, int level)
{
	CXCursor child = cal_walk_parent(w, level);
	int n, i, nr, at_end;

	for (n = level + 1; n < w->depth; n++) {
		CXCursor p = cal_walk_parent(w, n);
		enum CXCursorKind k = clang_getCursorKind(p);

		if (k == CXCursor_CompoundStmt) {
			nr = cal_nr_children(p);
			for (i = 0; i < nr && !clang_equalCursors(cal_child(p, i), child); i++)
				;
			if (i == nr)
				return 0;
			i = fence_next_in_block(tu, p, i, &at_end);
			if (!at_end)
				return i;
		} else if (k != CXCursor_IfStmt) {
			return 0;
		}
		child = p;
	}
	return 0;
}

int cal_in_spin_condition(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c)
{
	int level;

	return !clang_Cursor_isNull(cal_spin_loop(w, tu, c, &level));
}

/* The condition of a loop, or a null cursor (for (;;)). */
static CXCursor loop_condition(CXTranslationUnit tu, CXCursor loop)
{
	int i, n = cal_nr_children(loop);

	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		return n >= 2 ? cal_child(loop, n - 2) : clang_getNullCursor();
	case CXCursor_DoStmt:
		return cal_child(loop, 1);
	case CXCursor_ForStmt:
		for (i = 0; i + 1 < n; i++)
			if (is_for_condition(tu, loop, cal_child(loop, i)))
				return cal_child(loop, i);
		return clang_getNullCursor();
	default:
		return clang_getNullCursor();
	}
}

struct break_search {
	CXCursor var;
	CXCursor cond;	/* found: the if's condition */
};

static enum CXChildVisitResult break_if_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct break_search *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_IfStmt && cal_nr_children(c) == 2 &&
	    is_break_branch(cal_child(c, 1)) && reads_var(cal_child(c, 0), s->var)) {
		s->cond = cal_child(c, 0);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* 'x += v', 'x |= v', 'x &= v': a running total or mask over polled words. */
static int is_accumulation(CXCursor p)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(p);

	return clang_getCursorKind(p) == CXCursor_CompoundAssignOperator &&
	       (k == CXBinaryOperator_AddAssign || k == CXBinaryOperator_OrAssign ||
		k == CXBinaryOperator_AndAssign);
}

/*
 * The local that value (whose parent is at walk level 'level') is copied
 * into, or null; implicit conversions on the way are seen through ('bool
 * seen = *flag;' with an int flag).  *accumulates: the copy is a running
 * total ('count += flags[i];'), which a loop around the one reading may test.
 */
static CXCursor copy_target(const struct cal_walk *w, CXCursor value, int level, int *accumulates)
{
	CXCursor below, p, lhs, d;
	int compound, guard;

	*accumulates = 0;
	p = vol_parent(w, value, &level, &below);
	for (guard = 0; guard < 8 && clang_getCursorKind(p) == CXCursor_UnexposedExpr &&
			cal_nr_children(p) == 1 && cal_is_scalar(clang_getCursorType(p)); guard++) {
		level++;
		p = vol_parent(w, p, &level, &below);
	}
	if (clang_getCursorKind(p) == CXCursor_VarDecl)
		return clang_Cursor_hasVarDeclGlobalStorage(p) ? clang_getNullCursor() : p;
	if (!vol_is_assignment(p, &compound) || (compound && !is_accumulation(p)) ||
	    !clang_equalCursors(cal_child(p, 1), below))
		return clang_getNullCursor();
	lhs = cal_ignore_wrappers(cal_child(p, 0));
	if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(lhs);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d))
		return clang_getNullCursor();
	*accumulates = compound;
	return d;
}

struct ref_search {
	CXCursor var;
	unsigned offset;
	int found;
};

static enum CXChildVisitResult ref_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ref_search *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), s->var)) {
		s->offset = start_offset(c);
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The operand of cond that reads var (see operand_at). */
static CXCursor operand_reading(CXCursor cond, CXCursor var)
{
	struct ref_search s = { clang_getCanonicalCursor(var), 0, 0 };

	clang_visitChildren(cond, ref_visitor, &s);
	return s.found ? operand_at(cond, s.offset) : cond;
}

/*
 * A poll through a local copy: 'do { v = *flag; } while (v == 0);' or
 * 'for (;;) { int v = *flag; if (v) break; }'.  value is the value read
 * (the implicit read conversion, or a call), level the walk level of its
 * parent.  *copy gets the local (also when the read is not in such a loop:
 * 'int v = *flag;' before 'while (!v) v = *flag;' reads the flag first).
 */
/* The condition that tests copy in loop: its own, or an 'if (...) break;' in its body; or null. */
static CXCursor condition_testing(CXTranslationUnit tu, CXCursor loop, CXCursor copy)
{
	CXCursor cond = loop_condition(tu, loop);
	struct break_search bs;

	if (!clang_Cursor_isNull(cond) && reads_var(cond, copy))
		return cond;
	bs.var = clang_getCanonicalCursor(copy);
	bs.cond = clang_getNullCursor();
	clang_visitChildren(clang_getCursorKind(loop) == CXCursor_DoStmt ?
			    cal_child(loop, 0) : cal_child(loop, cal_nr_children(loop) - 1),
			    break_if_visitor, &bs);
	return bs.cond;
}

struct decl_search {
	CXCursor var;
	int found;
};

static enum CXChildVisitResult decl_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct decl_search *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl &&
	    clang_equalCursors(clang_getCanonicalCursor(c), s->var)) {
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Does loop leave alone what the read value depends on, but for locals
 * declared inside it ('for (int i = 0; i < n; i++) count += flags[i];'
 * sweeps the same words on every turn)?  'sum += v[i++]' walks data.
 */
static int rereads_same_words(CXCursor loop, CXCursor value)
{
	struct var_set read = { .nr = 0 }, written = { .nr = 0 };
	int i;

	clang_visitChildren(value, read_vars_visitor, &read);
	clang_visitChildren(loop, written_vars_visitor, &written);
	for (i = 0; i < read.nr; i++) {
		struct decl_search s = { read.items[i], 0 };
		if (!var_set_has(&written, read.items[i]))
			continue;
		clang_visitChildren(loop, decl_visitor, &s);
		if (!s.found)
			return 0;
	}
	return 1;
}

/*
 * A poll through a local copy: 'do { v = *flag; } while (v == 0);' or
 * 'for (;;) { int v = *flag; if (v) break; }'.  value is the value read
 * (the implicit read conversion, or a call), level the walk level of its
 * parent.  *copy gets the local (also when the read is not in such a loop:
 * 'int v = *flag;' before 'while (!v) v = *flag;' reads the flag first).
 * A running total counts too, tested by the loop that reads or one around
 * it: 'while (seen == 0) seen += *flag;', 'do { count = 0; for (...)
 * count += flags[i]; } while (count < n);'.
 */
/* The loop around walk level 'level' that spins on local copy (cal_in_copied_poll); its level. */
static int copy_poll_loop(const struct cal_walk *w, CXTranslationUnit tu, CXCursor value,
			  CXCursor copy, int accumulates, int level)
{
	int n, inner = 1;
	CXCursor loop, cond;

	for (n = level; n < w->depth; n++) {
		enum CXCursorKind k = clang_getCursorKind(cal_walk_parent(w, n));
		if (cal_is_function_kind(k) || k == CXCursor_LambdaExpr || k == CXCursor_CallExpr)
			return -1;
		if (!is_loop_kind(k))
			continue;
		loop = cal_walk_parent(w, n);
		cond = condition_testing(tu, loop, copy);
		if (!clang_Cursor_isNull(cond))
			return is_spin_except(loop, operand_reading(cond, copy),
					      clang_getCanonicalCursor(copy)) &&
			       ((inner && !accumulates) || rereads_same_words(loop, value)) ? n : -1;
		/* only a running total is tested by an outer loop */
		if (!accumulates)
			return -1;
		inner = 0;
	}
	return -1;
}

int cal_in_copied_poll(const struct cal_walk *w, CXTranslationUnit tu, CXCursor value,
			  int level, CXCursor *copy_out)
{
	int accumulates;
	CXCursor copy = copy_target(w, value, level, &accumulates);

	*copy_out = copy;
	return !clang_Cursor_isNull(copy) && copy_poll_loop(w, tu, value, copy, accumulates, level) >= 0;
}

int cal_output_polled(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c, CXCursor copy)
{
	return copy_poll_loop(w, tu, c, copy, 0, 0);
}

int cal_is_scalar(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind != CXType_Record && t.kind != CXType_Elaborated &&
	       t.kind != CXType_Invalid && t.kind != CXType_Unexposed;
}

CXSourceRange cal_loop_statement_range(CXTranslationUnit tu, CXCursor loop)
{
	if (clang_getCursorKind(loop) == CXCursor_DoStmt)
		return vol_statement_range(tu, loop);
	return clang_getCursorExtent(loop);
}

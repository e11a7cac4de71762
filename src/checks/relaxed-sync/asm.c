/*
 * relaxed-sync, inline PTX: polls that load with 'ld.relaxed' (a relaxed
 * atomic load in the PTX memory model), written in the spin loop itself
 * (an asm statement whose output the loop tests) or in a small helper
 * called in the loop's condition, as hand-written communication code polls.
 * They become RS_POLL events that match.c judges as any relaxed poll.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/expr_util.h"
#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "ptx/ptx_atom.h"
#include "ptx/asm_template.h"
#include "checks/relaxed-sync/relaxed_sync.h"

#define NAME_MAX_LEN 48

/* The 'ld.relaxed' load of a template: 1 and *insn, its name; 0 if none. */
static int relaxed_load(const struct cal_asm_template *at, struct ptx_insn *insn, unsigned *nr,
			char *name, size_t size)
{
	if (!ptx_find_statement(at->text.buf, at->text.len, "ld", insn, nr) ||
	    !ptx_insn_has_qualifier(insn, at->text.buf, ".relaxed") ||
	    ptx_insn_has_qualifier(insn, at->text.buf, ".mmio"))
		return 0;
	ptx_statement_name(insn, at->text.buf, 2, name, size);
	return 1;
}

/*
 * The fix renames '.relaxed' to '.acquire' in the template, where it is
 * spelled in one piece in the statement itself and the statement has a
 * "memory" clobber (without one the compiler may move the data loads above
 * the asm, acquire or not); why not otherwise.
 */
static void asm_fix_site(struct rs_state *st, const struct cal_asm_template *at,
			 const struct ptx_insn *insn, CXCursor stmt, struct rs_event *e)
{
	if (!cal_asm_has_clobber(st->tu, stmt, "memory"))
		e->no_fix_why = "the asm statement has no \"memory\" clobber, so the compiler may "
				"move the data loads above it: make the load 'ld.acquire' and add one";
	else if (cal_asm_qualifier_location(st->tu, at, insn, ".relaxed", &e->asm_sem) < 0)
		e->no_fix_why = "the '.relaxed' qualifier is not written in the asm statement itself "
				"(a macro): make the load 'ld.acquire' there";
	else
		e->is_asm = 1;
}

void cal_rs_asm_poll(struct rs_state *st, struct cal_walk *w, CXCursor stmt)
{
	struct cal_asm_template at;
	struct ptx_insn insn;
	struct rs_event *e;
	unsigned nr;
	int dst;
	CXCursor addr, copy;
	char name[NAME_MAX_LEN];

	memset(&at, 0, sizeof(at));
	if (cal_asm_template_load(&at, stmt) < 0 || !relaxed_load(&at, &insn, &nr, name, sizeof(name)))
		goto out;
	dst = ptx_operand_index(&insn, 0, at.text.buf, &at.operands);
	addr = cal_asm_address_operand(&at, stmt, &insn);
	if (dst < 0 || dst >= cal_nr_children(stmt) || clang_Cursor_isNull(addr))
		goto out;
	copy = cal_local_var_of(cal_child(stmt, dst));
	if (clang_Cursor_isNull(copy))
		goto out;
	e = cal_rs_add(st, w, RS_POLL, stmt);
	e->order = CAL_ORDER_RELAXED;
	if (!cal_rs_copy_wait_site(w, st, stmt, copy, e) ||
	    !(e->key = cal_rs_address_key(st->tu, addr, &e->base))) {
		free(e->base);
		st->nr_ev--;
		goto out;
	}
	if (!strcmp(e->key, "*") && e->base) {
		/* the operand is a macro argument: the variable's name */
		free(e->key);
		e->key = xasprintf("*%s", e->base);
	}
	e->name = xstrdup(name);
	asm_fix_site(st, &at, &insn, stmt, e);
out:
	cal_asm_template_release(&at);
}

struct relaxed_name {
	char name[NAME_MAX_LEN];
};

static int accept_relaxed(CXCursor stmt, void *data)
{
	struct relaxed_name *n = data;
	struct cal_asm_template at;
	struct ptx_insn insn;
	unsigned nr;
	int ok;

	memset(&at, 0, sizeof(at));
	ok = cal_asm_template_load(&at, stmt) == 0 &&
	     relaxed_load(&at, &insn, &nr, n->name, sizeof(n->name));
	cal_asm_template_release(&at);
	return ok;
}

int cal_rs_helper_poll(struct rs_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call), def, ref, stmt;
	struct relaxed_name n;
	struct rs_event *e;
	char *fn;
	int param;

	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee))
		return 0;
	def = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || !(cal_function_space(def) & CAL_SPACE_DEVICE))
		return 0;
	/* most callees are no helper: that verdict is the definition's alone */
	if (cal_cursor_set_has(&st->no_helper, def))
		return 0;
	stmt = cal_asm_helper_load(def, accept_relaxed, &n, &ref, &param);
	if (clang_Cursor_isNull(stmt))
		cal_cursor_set_add(&st->no_helper, def);
	if (clang_Cursor_isNull(stmt) || param >= clang_Cursor_getNumArguments(call))
		return 0;
	e = cal_rs_add(st, w, RS_POLL, call);
	e->order = CAL_ORDER_RELAXED;
	if (!cal_rs_wait_site(w, st, call, e, 0) ||
	    !(e->key = cal_rs_address_key(st->tu, clang_Cursor_getArgument(call, (unsigned)param),
					  &e->base))) {
		free(e->base);
		st->nr_ev--;
		return 0;
	}
	fn = cal_cursor_name(def);
	e->name = xasprintf("%s()", fn);
	free(fn);
	/* every caller shares the helper's load: an acquire there is right but slows them all */
	e->no_fix_why = "the relaxed load is the helper's inline PTX, which every caller shares: "
			"make it 'ld.acquire' there (with a \"memory\" clobber), or put a fence after "
			"the loop";
	return 1;
}

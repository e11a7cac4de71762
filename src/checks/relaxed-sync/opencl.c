/*
 * relaxed-sync in OpenCL C parses: the atomic built-ins (1.x atomic_cmpxchg
 * & co., relaxed; 2.0 _explicit functions with their order) and the fences
 * (mem_fence, atomic_work_item_fence) as events (relaxed_sync.h).
 */
#include "checks/relaxed-sync/opencl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "parse/language.h"
#include "checks/relaxed-sync/relaxed_sync.h"

const struct cal_atomic_op *cal_relaxed_sync_cl_atomic(CXCursor c)
{
	const struct cal_atomic_op *r;
	char *name;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !cal_ocl_is_builtin_call(c))
		return NULL;
	name = cal_cursor_name(c);
	r = cal_atomic_op_cl_find(name);
	free(name);
	return r;
}

/* An exchange with no value argument (atomic_flag_test_and_set: it writes 'set'). */
static int writes_no_value(const struct cal_atomic_op *r)
{
	return r->op == CAL_OP_EXCH && (r->order_arg == 1 || (r->order_arg < 0 && r->nr_args == 1));
}

static void cl_atomic(struct rs_state *st, struct cal_walk *w, CXCursor c,
		      const struct cal_atomic_op *r)
{
	struct rs_event proto;

	if (clang_Cursor_getNumArguments(c) < 1)
		return;
	memset(&proto, 0, sizeof(proto));
	proto.name = xstrdup(r->name);
	proto.scope = CAL_SCOPE_UNKNOWN;
	proto.order_ref = clang_getNullCursor();
	if (r->api == CAL_API_OPENCL_1X) {
		proto.legacy = 1;
		proto.order = CAL_ORDER_RELAXED;
	} else if (r->order_arg < 0) {
		proto.order = CAL_ORDER_SEQ_CST;
	} else {
		proto.order = cal_rs_order_arg(c, r->order_arg, CAL_ORDER_SEQ_CST, &proto.order_ref);
	}
	/* a CAS writes argument 2, an exchange argument 1 */
	proto.const_desired = writes_no_value(r) ||
			      cal_rs_constant_arg(c, r->op == CAL_OP_CAS ? 2 : 1, NULL);
	proto.key = cal_rs_address_key(st->tu, clang_Cursor_getArgument(c, 0), &proto.base);
	cal_rs_atomic(st, w, c, r->op, &proto,
		      r->op == CAL_OP_CAS ? clang_getNullCursor() : clang_Cursor_getArgument(c, 1));
}

void cal_relaxed_sync_opencl_visit(struct rs_state *st, struct cal_walk *w, CXCursor c)
{
	const struct cal_atomic_op *r = cal_relaxed_sync_cl_atomic(c);
	const struct cal_fence_op *fence;
	char *name;

	if (r) {
		cl_atomic(st, w, c, r);
		return;
	}
	if (!cal_ocl_is_builtin_call(c)) {
		cal_rs_call(st, w, c);	/* a lock helper of the user's */
		return;
	}
	name = cal_cursor_name(c);
	fence = cal_fence_op_find(1, name);
	free(name);
	if (fence)
		cal_rs_fence(st, w, c, fence);
}

/*
 * The cuTile front end's walk (every call of every kernel, handed to the
 * checks' cuTile halves through their descriptors, as parse/walk.c hands
 * cursors to their libclang halves) and the helpers those halves share.
 */
#include "cutile/lint.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/cutile.h"
#include "fixits/edit.h"
#include "util/hash.h"

/* cuda.tile's atomics; value: the first positional argument after indices. */
static const char *const atomics[] = {
	"atomic_cas", "atomic_xchg", "atomic_add", "atomic_and", "atomic_or",
	"atomic_xor", "atomic_max", "atomic_min", NULL,
};

int ct_in_list(const char *const *list, const char *s)
{
	int i;
	for (i = 0; list[i]; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

static void pos_of(const struct ct_lint *l, TSNode n, int end, struct cal_pos *p)
{
	TSPoint pt = end ? ts_node_end_point(n) : ts_node_start_point(n);
	p->file = xstrdup(l->f->path);
	p->offset = end ? ts_node_end_byte(n) : ts_node_start_byte(n);
	p->line = pt.row + 1;
	p->column = pt.column + 1;
}

struct cal_finding *ct_report(struct ct_lint *l, const char *id, TSNode at, const char *fmt, ...)
{
	struct cal_finding f;
	const struct cal_check *c = cal_check_find(id);
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	memset(&f, 0, sizeof(f));
	f.check = c ? c->id : id;
	f.severity = c ? c->severity : CAL_SEV_WARNING;
	f.archs = CAL_HOST_BIT;
	pos_of(l, at, 0, &f.range.begin);
	pos_of(l, at, 1, &f.range.end);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	f.message = strbuf_detach(&sb);
	cal_findings_take(l->out, &f);
	return &l->out->items[l->out->nr - 1];
}

void ct_add_edit(struct ct_lint *l, struct cal_fix *fix, uint32_t b, uint32_t e, TSPoint pb,
		 TSPoint pe, const char *text)
{
	struct cal_pos begin = { (char *)l->f->path, b, pb.row + 1, pb.column + 1 };
	struct cal_pos end = { (char *)l->f->path, e, pe.row + 1, pe.column + 1 };
	struct cal_edit ed;

	cal_edit_span(&begin, &end, text, &ed);
	ed.file_hash = l->hash;
	cal_fix_add_edit(fix, &ed);
	cal_edit_clear(&ed);
}

void ct_replace_node(struct ct_lint *l, struct cal_fix *fix, TSNode n, const char *text)
{
	ct_add_edit(l, fix, ts_node_start_byte(n), ts_node_end_byte(n), ts_node_start_point(n),
		    ts_node_end_point(n), text);
}

const char *ct_kw_member(const struct ct_file *f, TSNode call, const char *kw, char *buf,
			 size_t size)
{
	TSNode a = ct_keyword_arg(f, call, kw);
	if (ts_node_is_null(a))
		return NULL;
	return ct_resolve(f, ct_field(a, "value"), buf, size);
}

TSNode ct_kw_member_name(const struct ct_file *f, TSNode call, const char *kw)
{
	TSNode v = ct_unparen(ct_field(ct_keyword_arg(f, call, kw), "value"));
	return ct_is(v, "attribute") ? ct_field(v, "attribute") : v;
}

void ct_replace_member(struct ct_lint *l, struct cal_fix *fix, TSNode call, const char *kw,
		       const char *member)
{
	TSNode v = ct_unparen(ct_field(ct_keyword_arg(l->f, call, kw), "value"));
	char *ref, *text;

	if (ct_is(v, "attribute")) {
		ct_replace_node(l, fix, ct_field(v, "attribute"), member);
		return;
	}
	/* a module-level alias ("memory_scope=BLOCK"): change this call, not the alias */
	ref = ct_class_ref(l->f, strcmp(kw, "memory_order") ? "MemoryScope" : "MemoryOrder");
	if (!ref)
		return;
	text = xasprintf("%s.%s", ref, member);
	ct_replace_node(l, fix, v, text);
	free(text);
	free(ref);
}

const char *ct_atomic_name(const struct ct_file *f, TSNode call, char *buf, size_t size)
{
	const char *r;
	if (!ct_is(call, "call"))
		return NULL;
	r = ct_resolve(f, ct_field(call, "function"), buf, size);
	return r && ct_is_atomic(r) ? r : NULL;
}

char *ct_class_ref(const struct ct_file *f, const char *cls)
{
	const char *mod = ct_module_name(f);
	int i;

	for (i = 0; i < f->nr_names; i++)
		if (!strcmp(f->names[i].member, cls))
			return xstrdup(f->names[i].local);
	return mod ? xasprintf("%s.%s", mod, cls) : NULL;
}

int ct_is_atomic(const char *fn)
{
	return ct_in_list(atomics, fn);
}

/* ---- the walk ---- */

/* Hand the call to the cuTile half of every enabled check that has one. */
static void on_call(struct ct_kernel *k, TSNode call, void *data)
{
	struct ct_lint *l = data;
	char buf[CT_NAME_LEN * 2];
	struct ct_call c = { l, k, call, ct_resolve(l->f, ct_field(call, "function"), buf,
						    sizeof(buf)) };
	int i;

	if (!c.fn)
		return;
	for (i = 0; i < cal_nr_checks; i++)
		if (l->enabled[i] && cal_checks[i]->cutile_call)
			cal_checks[i]->cutile_call(&c);
}

static void on_kernel(struct ct_kernel *k, void *data)
{
	ct_for_each_call(k, on_call, data);
}

int cal_cutile_lint_text(const char *path, const char *text, size_t len, const int *enabled,
			 struct cal_findings *out)
{
	struct ct_file f;
	struct ct_lint l;

	if (ct_file_parse(&f, path, text, len) < 0) {
		ct_file_release(&f);
		return -1;
	}
	ct_resolve_imports(&f);
	l.f = &f;
	l.enabled = enabled;
	l.out = out;
	l.hash = cal_content_hash(text, len);
	ct_for_each_kernel(&f, on_kernel, &l);
	ct_file_release(&f);
	return 0;
}

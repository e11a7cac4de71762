#include "rewrite/diff.h"

#include <stdlib.h>
#include <string.h>

/* Beyond this many differing lines the middle is shown as one replacement. */
#define MAX_D 4000

struct line {
	const char *p;
	size_t len;	/* with the line ending */
};

struct lines {
	struct line *v;
	size_t n, alloc;
};

enum op_kind { OP_EQ, OP_DEL, OP_INS };

struct op {
	enum op_kind kind;
	size_t a, b;	/* line indexes (a for EQ/DEL, b for EQ/INS) */
};

struct ops {
	struct op *v;
	size_t n, alloc;
};

static void split_lines(const char *text, size_t len, struct lines *out)
{
	size_t at = 0;
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) + 1 : len;
		GROW(out->v, out->alloc, out->n + 1);
		out->v[out->n].p = text + at;
		out->v[out->n].len = end - at;
		out->n++;
		at = end;
	}
}

static int line_eq(const struct line *x, const struct line *y)
{
	return x->len == y->len && !memcmp(x->p, y->p, x->len);
}

static void push_op(struct ops *o, enum op_kind k, size_t a, size_t b)
{
	GROW(o->v, o->alloc, o->n + 1);
	o->v[o->n].kind = k;
	o->v[o->n].a = a;
	o->v[o->n].b = b;
	o->n++;
}

/* V of step d, indexed by diagonal k in [-d, d]. */
#define VAT(trace, d, k) ((trace)[d][(k) + (long)(d)])

static long forward(const struct line *A, long N, const struct line *B, long M,
		    long **trace)
{
	long d, k;

	for (d = 0; d <= N + M && d <= MAX_D; d++) {
		trace[d] = xcalloc((size_t)(2 * d + 1), sizeof(long));
		for (k = -d; k <= d; k += 2) {
			long x, y;
			if (d == 0)
				x = 0;
			else if (k == -d || (k != d && VAT(trace, d - 1, k - 1) <
						       VAT(trace, d - 1, k + 1)))
				x = VAT(trace, d - 1, k + 1);
			else
				x = VAT(trace, d - 1, k - 1) + 1;
			y = x - k;
			while (x < N && y < M && line_eq(&A[x], &B[y]))
				x++, y++;
			VAT(trace, d, k) = x;
			if (x >= N && y >= M)
				return d;
		}
	}
	return -1;
}

/* Ops of the middle, in reverse, from the forward trace. */
static void backtrack(long **trace, long D, long N, long M, size_t base, struct ops *rev)
{
	long d, x = N, y = M;

	for (d = D; d > 0; d--) {
		long k = x - y, pk, px, py;
		if (k == -d || (k != d && VAT(trace, d - 1, k - 1) < VAT(trace, d - 1, k + 1)))
			pk = k + 1;
		else
			pk = k - 1;
		px = VAT(trace, d - 1, pk);
		py = px - pk;
		for (; x > px && y > py; x--, y--)
			push_op(rev, OP_EQ, base + (size_t)x - 1, base + (size_t)y - 1);
		if (x == px)
			push_op(rev, OP_INS, 0, base + (size_t)--y);
		else
			push_op(rev, OP_DEL, base + (size_t)--x, 0);
	}
	for (; x > 0 && y > 0; x--, y--)
		push_op(rev, OP_EQ, base + (size_t)x - 1, base + (size_t)y - 1);
}

static void diff_middle(const struct lines *a, const struct lines *b, size_t head,
			size_t tail, struct ops *o)
{
	long N = (long)(a->n - head - tail), M = (long)(b->n - head - tail), D, d, i;
	long **trace = xcalloc((size_t)MAX_D + 2, sizeof(*trace));
	struct ops rev = { 0 };

	D = forward(a->v + head, N, b->v + head, M, trace);
	if (D >= 0) {
		backtrack(trace, D, N, M, head, &rev);
		for (i = (long)rev.n - 1; i >= 0; i--)
			push_op(o, rev.v[i].kind, rev.v[i].a, rev.v[i].b);
	} else {
		for (i = 0; i < N; i++)
			push_op(o, OP_DEL, head + (size_t)i, 0);
		for (i = 0; i < M; i++)
			push_op(o, OP_INS, 0, head + (size_t)i);
	}
	for (d = 0; d <= MAX_D + 1; d++)
		free(trace[d]);
	free(trace);
	free(rev.v);
}

static void diff_ops(const struct lines *a, const struct lines *b, struct ops *o)
{
	size_t head = 0, tail = 0, i;

	while (head < a->n && head < b->n && line_eq(&a->v[head], &b->v[head]))
		head++;
	while (tail < a->n - head && tail < b->n - head &&
	       line_eq(&a->v[a->n - 1 - tail], &b->v[b->n - 1 - tail]))
		tail++;
	for (i = 0; i < head; i++)
		push_op(o, OP_EQ, i, i);
	diff_middle(a, b, head, tail, o);
	for (i = tail; i > 0; i--)
		push_op(o, OP_EQ, a->n - i, b->n - i);
}

static void add_line(struct strbuf *out, char mark, const struct line *l)
{
	strbuf_addch(out, mark);
	strbuf_add(out, l->p, l->len);
	if (!l->len || l->p[l->len - 1] != '\n')
		strbuf_adds(out, "\n\\ No newline at end of file\n");
}

/* "-start,count" as GNU diff writes it: start is the line before when count is 0. */
static void add_range(struct strbuf *out, char sign, size_t first, size_t count)
{
	if (count == 1)
		strbuf_addf(out, "%c%zu", sign, first + 1);
	else
		strbuf_addf(out, "%c%zu,%zu", sign, count ? first + 1 : first, count);
}

/* One hunk: ops [from, to). */
static void add_hunk(struct strbuf *out, const struct ops *o, size_t from, size_t to,
		     const struct lines *a, const struct lines *b)
{
	size_t i, na = 0, nb = 0, a0 = 0, b0 = 0;
	int seen_a = 0, seen_b = 0;

	for (i = from; i < to; i++) {
		const struct op *p = &o->v[i];
		if (p->kind != OP_INS && !seen_a++)
			a0 = p->a;
		if (p->kind != OP_DEL && !seen_b++)
			b0 = p->b;
		na += p->kind != OP_INS;
		nb += p->kind != OP_DEL;
	}
	/* an empty side starts after the lines before the hunk */
	if (!seen_a)
		a0 = from ? (o->v[from - 1].kind == OP_INS ? 0 : o->v[from - 1].a + 1) : 0;
	if (!seen_b)
		b0 = from ? (o->v[from - 1].kind == OP_DEL ? 0 : o->v[from - 1].b + 1) : 0;
	strbuf_adds(out, "@@ ");
	add_range(out, '-', a0, na);
	strbuf_addch(out, ' ');
	add_range(out, '+', b0, nb);
	strbuf_adds(out, " @@\n");
	for (i = from; i < to; i++) {
		const struct op *p = &o->v[i];
		if (p->kind == OP_EQ)
			add_line(out, ' ', &a->v[p->a]);
		else if (p->kind == OP_DEL)
			add_line(out, '-', &a->v[p->a]);
		else
			add_line(out, '+', &b->v[p->b]);
	}
}

static void add_hunks(struct strbuf *out, const struct ops *o, const struct lines *a,
		      const struct lines *b)
{
	size_t i = 0, start, end, last_change;

	while (i < o->n) {
		if (o->v[i].kind == OP_EQ) {
			i++;
			continue;
		}
		start = i > CAL_DIFF_CONTEXT ? i - CAL_DIFF_CONTEXT : 0;
		last_change = i;
		for (end = i; end < o->n; end++) {
			if (o->v[end].kind != OP_EQ)
				last_change = end;
			else if (end - last_change > 2 * CAL_DIFF_CONTEXT)
				break;
		}
		end = last_change + 1 + CAL_DIFF_CONTEXT;
		if (end > o->n)
			end = o->n;
		add_hunk(out, o, start, end, a, b);
		i = end;
	}
}

void cal_diff_unified(struct strbuf *out, const char *path, const char *a, size_t alen,
		      const char *b, size_t blen)
{
	struct lines la = { 0 }, lb = { 0 };
	struct ops o = { 0 };

	if (alen == blen && !memcmp(a, b, alen))
		return;
	split_lines(a, alen, &la);
	split_lines(b, blen, &lb);
	diff_ops(&la, &lb, &o);
	strbuf_addf(out, "--- a/%s\n+++ b/%s\n", path, path);
	add_hunks(out, &o, &la, &lb);
	free(la.v);
	free(lb.v);
	free(o.v);
}

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/rpc.h"

void cal_rpc_reader_init(struct cal_rpc_reader *r)
{
	strbuf_init(&r->in);
	r->skip = 0;
}

void cal_rpc_reader_release(struct cal_rpc_reader *r)
{
	strbuf_release(&r->in);
}

static void drop_front(struct strbuf *sb, size_t n)
{
	if (n >= sb->len) {
		strbuf_reset(sb);
		return;
	}
	memmove(sb->buf, sb->buf + n, sb->len - n);
	sb->len -= n;
	sb->buf[sb->len] = '\0';
}

int cal_rpc_feed(struct cal_rpc_reader *r, const char *data, size_t len)
{
	size_t drop = len < r->skip ? len : r->skip;

	/* the rest of an oversized body never enters the buffer */
	r->skip -= drop;
	data += drop;
	len -= drop;
	if (!len)
		return 0;
	if (r->in.len + len > CAL_RPC_MAX_MESSAGE + CAL_RPC_MAX_HEADER)
		return -1;
	return strbuf_add(&r->in, data, len);
}

/* The value of "Content-Length:" in header [h, h + n), or -1. */
static long long content_length(const char *h, size_t n)
{
	static const char name[] = "content-length:";
	size_t i = 0, k;

	while (i < n) {
		size_t eol = i;
		while (eol < n && h[eol] != '\n')
			eol++;
		if (eol - i > sizeof(name) - 1 && !strncasecmp(h + i, name, sizeof(name) - 1)) {
			long long v = 0;
			k = i + sizeof(name) - 1;
			while (k < eol && h[k] == ' ')
				k++;
			if (k >= eol || !isdigit((unsigned char)h[k]))
				return -1;
			for (; k < eol && isdigit((unsigned char)h[k]); k++) {
				if (v > (long long)CAL_RPC_MAX_MESSAGE * 16)
					return (long long)CAL_RPC_MAX_MESSAGE * 16;
				v = v * 10 + (h[k] - '0');
			}
			while (k < eol && (h[k] == ' ' || h[k] == '\r'))
				k++;
			return k == eol ? v : -1;
		}
		i = eol + 1;
	}
	return -1;
}

/* The blank line that ends the header at the buffer's start, or NULL. */
static const char *header_end(const struct strbuf *in)
{
	size_t i, n = in->len < CAL_RPC_MAX_HEADER + 4 ? in->len : CAL_RPC_MAX_HEADER + 4;
	for (i = 0; i + 4 <= n; i++)
		if (!memcmp(in->buf + i, "\r\n\r\n", 4))
			return in->buf + i;
	return NULL;
}

enum cal_rpc_event cal_rpc_next(struct cal_rpc_reader *r, char **body, size_t *len)
{
	const char *end = header_end(&r->in);
	size_t hlen;
	long long n;

	if (!end) {
		if (r->in.len <= CAL_RPC_MAX_HEADER)
			return CAL_RPC_NEED_MORE;
		strbuf_reset(&r->in);
		return CAL_RPC_BAD_HEADER;
	}
	hlen = (size_t)(end - r->in.buf) + 4;
	n = hlen - 4 <= CAL_RPC_MAX_HEADER ? content_length(r->in.buf, hlen - 4) : -1;
	if (n < 0) {
		drop_front(&r->in, hlen);
		return CAL_RPC_BAD_HEADER;
	}
	if ((size_t)n > CAL_RPC_MAX_MESSAGE) {
		size_t have = r->in.len - hlen;
		drop_front(&r->in, hlen + ((size_t)n < have ? (size_t)n : have));
		r->skip = (size_t)n < have ? 0 : (size_t)n - have;
		return CAL_RPC_TOO_LARGE;
	}
	if (r->in.len - hlen < (size_t)n)
		return CAL_RPC_NEED_MORE;
	*body = xstrndup(r->in.buf + hlen, (size_t)n);
	*len = (size_t)n;
	drop_front(&r->in, hlen + (size_t)n);
	return CAL_RPC_MESSAGE;
}

int cal_rpc_write(int fd, const cJSON *msg)
{
	char *text = cJSON_PrintUnformatted(msg);
	struct strbuf sb = STRBUF_INIT;
	int r = -1;

	if (!text)
		return -1;
	if (strbuf_addf(&sb, "Content-Length: %zu\r\n\r\n", strlen(text)) == 0 &&
	    strbuf_adds(&sb, text) == 0)
		r = fd < 0 ? 0 : write_all(fd, sb.buf, sb.len);
	strbuf_release(&sb);
	cJSON_free(text);
	return r;
}

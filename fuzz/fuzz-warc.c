/* fuzz-warc.c - libFuzzer target: the WARC reader on one buffer.
 *
 * The first byte sets how many bytes each read returns (1 to 256, or a
 * large chunk), so records and gzip members fall across reads in every
 * way; the second, the block limit (small, so the too-large path runs).
 * The rest is the input: sniffed, then read record by record to the end
 * as pith extract reads it, every page's fields touched; then the same
 * bytes decoded as one HTTP response, and written back as a WET record. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "warc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct mem {
	const uint8_t *p;
	size_t n, step;
};

static ssize_t
mem_read(void *ctx, void *buf, size_t n)
{
	struct mem *m = ctx;
	size_t k = m->n < n ? m->n : n;
	if (k > m->step)
		k = m->step;
	memcpy(buf, m->p, k);
	m->p += k;
	m->n -= k;
	return (ssize_t)k;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	struct mem m = { data + 2, size - 2, data[0] == 255 ? 65536 : (size_t)data[0] + 1 };
	size_t max = 64 + (size_t)data[1] * 256;
	struct warc_reader *r = warc_reader_new(mem_read, &m, max);
	size_t sum = 0;
	if (warc_reader_sniff(r)) {
		struct warc_record *rec;
		enum warc_skip kind;
		char why[256];
		enum warc_status st;
		long guard = 0;
		while ((st = warc_reader_next(r, &rec, &kind, why, sizeof why)) != WARC_END &&
		       st != WARC_FAIL) {
			if (st == WARC_PAGE) {
				sum += rec->body.len + strlen(rec->type);
				if (rec->target_uri)
					sum += strlen(rec->target_uri);
				if (rec->http_type)
					sum += strlen(rec->http_type);
				if (rec->body.len > max)
					abort();        /* the bound is broken */
			} else if (st == WARC_SKIP && (kind >= WARC_SKIP_KINDS || !*why)) {
				abort();                /* a skip says what and why */
			}
			/* every call consumes input: at least a byte of the
			 * inflated data, which deflate makes at most 1032
			 * times larger than the compressed */
			if (++guard > 1100 * (long)size + 16)
				abort();
		}
	} else {
		struct buf rest;
		buf_init(&rest);
		if (warc_reader_rest(r, max, &rest) == 0 && rest.len > size)
			abort();
		buf_free(&rest);
	}
	warc_reader_free(r);

	struct buf body, out;
	buf_init(&body);
	buf_init(&out);
	char *type = NULL;
	bool html;
	char why[256];
	if (warc_http_decode((const char *)data + 2, size - 2, max, &body, &type, &html,
			     why, sizeof why) == 0 && body.len > max)
		abort();
	warc_write_conversion(&out, "http://example.org/", type, NULL, "seed",
			      body.data ? body.data : "", body.len);
	free(type);
	buf_free(&body);
	buf_free(&out);
	return sum == (size_t)-1;
}

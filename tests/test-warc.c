/* test-warc.c - the WARC reader on hand-made records: fields, skips and
 * their reasons, resynchronising after a record without a length, bare
 * LF lines and folded header values, records read one byte at a time,
 * the HTTP body decoding (chunked, deflate raw or zlib), the sniffing of
 * a page that is not WARC, and the WET record's exact bytes (warc.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warc.h"

struct mem {
	const char *p;
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

#define HTML_OK "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><p>hi</p></html>"

/* "WARC/1.0" record of type and block, with extra header lines */
static char *
record(const char *type, const char *extra, const char *block)
{
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "WARC/1.0\r\nWARC-Type: %s\r\n%sContent-Length: %zu\r\n\r\n%s\r\n\r\n",
		   type, extra, strlen(block), block);
	return buf_steal(&b, NULL);
}

static void
test_records_and_skips(void **state)
{
	(void)state;
	char *a = record("warcinfo", "", "software: x\r\n");
	char *b = record("response", "WARC-Target-URI: http://a.test/1\r\n"
			 "WARC-Record-ID: <urn:uuid:1>\r\nWARC-Date: 2024-01-02T03:04:05Z\r\n", HTML_OK);
	char *c = record("response", "", "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\nPNG");
	char *d = record("revisit", "", "");
	char *e = record("response", "WARC-Truncated: length\r\n", HTML_OK);
	struct buf all;
	buf_init(&all);
	buf_adds(&all, a);
	buf_adds(&all, b);
	buf_adds(&all, c);
	buf_adds(&all, d);
	buf_adds(&all, e);
	/* a byte at a time and all at once give the same */
	for (size_t step = 1; step <= 65536; step *= 65536) {
		struct mem m = { all.data, all.len, step };
		struct warc_reader *r = warc_reader_new(mem_read, &m, 1 << 20);
		struct warc_record *rec;
		enum warc_skip kind;
		char why[128];
		assert_true(warc_reader_sniff(r));
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_OTHER);
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
		assert_int_equal(rec->number, 2);
		assert_string_equal(rec->target_uri, "http://a.test/1");
		assert_string_equal(rec->record_id, "<urn:uuid:1>");
		assert_string_equal(rec->date, "2024-01-02T03:04:05Z");
		assert_string_equal(rec->http_type, "text/html");
		assert_string_equal(rec->body.data, "<html><p>hi</p></html>");
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
		assert_int_equal(kind, WARC_SKIP_NOT_HTML);
		assert_string_equal(why, "not HTML (image/png)");
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
		assert_int_equal(kind, WARC_SKIP_REVISIT);
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
		assert_int_equal(kind, WARC_SKIP_TRUNCATED);
		assert_string_equal(why, "truncated by the crawler (length)");
		assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_END);
		warc_reader_free(r);
	}
	buf_free(&all);
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
}

/* No Content-Length: the record's end is unknown, so the reader goes on
 * at the next line that starts a record; LF-only lines and a value folded
 * over two lines are read too. */
static void
test_resync_lf_folded(void **state)
{
	(void)state;
	const char *in =
		"WARC/1.0\r\nWARC-Type: response\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>lost</p>\r\n\r\n"
		"WARC/1.0\nWARC-Type: response\nWARC-Target-URI: http://a.test/\n"
		" folded\nContent-Length: 49\n\n"
		"HTTP/1.1 200 OK\nContent-Type: text/html\n\n<p>x</p>\n\n";
	struct mem m = { in, strlen(in), 7 };
	struct warc_reader *r = warc_reader_new(mem_read, &m, 1 << 20);
	struct warc_record *rec;
	enum warc_skip kind;
	char why[128];
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
	assert_int_equal(kind, WARC_SKIP_INVALID);
	assert_string_equal(why, "no valid Content-Length");
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
	assert_int_equal(rec->number, 2);
	assert_string_equal(rec->target_uri, "http://a.test/ folded");
	assert_string_equal(rec->body.data, "<p>x</p>");
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_END);
	warc_reader_free(r);
}

/* A block over the limit is passed over unread; a file cut inside a block
 * ends with that record counted invalid. */
static void
test_limit_and_cut(void **state)
{
	(void)state;
	char *big = record("response", "", HTML_OK);
	struct buf in;
	buf_init(&in);
	buf_adds(&in, big);
	buf_add(&in, big, strlen(big) - 10);
	struct mem m = { in.data, in.len, 4096 };
	struct warc_reader *r = warc_reader_new(mem_read, &m, 40);
	struct warc_record *rec;
	enum warc_skip kind;
	char why[128];
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
	assert_int_equal(kind, WARC_SKIP_INVALID);
	assert_string_equal(why, "block of 66 bytes, over 40 (--max-bytes)");
	warc_reader_free(r);

	m = (struct mem){ in.data, in.len, 4096 };
	r = warc_reader_new(mem_read, &m, 1 << 20);
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
	assert_string_equal(why, "cut short in its block");
	assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_END);
	warc_reader_free(r);
	buf_free(&in);
	free(big);
}

/* A Content-Length that says more than its record holds (a response's,
 * then a metadata record's): that record is lost, named, and the reader
 * goes on at the next record header inside what it claimed, so the
 * pages after it are kept.  Held whole and a few bytes at a time. */
static void
test_overstated_length(void **state)
{
	(void)state;
	char *page = record("response", "WARC-Target-URI: http://a.test/1\r\n", HTML_OK);
	struct buf in;
	buf_init(&in);
	buf_adds(&in, page);
	buf_printf(&in, "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 50000000\r\n\r\n"
		   "%s\r\n\r\n", HTML_OK);
	buf_adds(&in, page);
	buf_adds(&in, "WARC/1.1\r\nWARC-Type: metadata\r\nContent-Length: 50000000\r\n\r\n"
		 "via: x\r\n\r\n\r\n");
	buf_adds(&in, page);
	for (size_t step = 7; step <= 7 * 4096; step *= 4096) {
		struct mem m = { in.data, in.len, step };
		/* the limit over the claim, and under it with the input ending
		 * inside the claim */
		for (size_t max = 1 << 10; max <= 1 << 26; max <<= 16) {
			struct warc_reader *r = warc_reader_new(mem_read, &m, max);
			struct warc_record *rec;
			enum warc_skip kind;
			char why[160];
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
			assert_int_equal(kind, WARC_SKIP_INVALID);
			/* 66 bytes of block and its CRLF CRLF */
			assert_string_equal(why, "Content-Length 50000000 runs past the record, whose "
					    "next begins 70 bytes in: read on from there");
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
			assert_int_equal(rec->number, 3);
			assert_string_equal(rec->body.data, "<html><p>hi</p></html>");
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_SKIP);
			/* "via: x" (6 bytes) and three CRLF (6) */
			assert_string_equal(why, "Content-Length 50000000 runs past the record, whose "
					    "next begins 12 bytes in: read on from there");
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_PAGE);
			assert_int_equal(rec->number, 5);
			assert_string_equal(rec->target_uri, "http://a.test/1");
			assert_int_equal(warc_reader_next(r, &rec, &kind, why, sizeof why), WARC_END);
			warc_reader_free(r);
			m = (struct mem){ in.data, in.len, step };
		}
	}
	buf_free(&in);
	free(page);
}

static void
test_http_chunked(void **state)
{
	(void)state;
	const char *http = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=koi8-r\r\n"
			   "Transfer-Encoding: chunked\r\n\r\n"
			   "4;x=y\r\n<p>a\r\nA\r\nbcdefghij<\r\n0\r\nTrailer: 1\r\n\r\n";
	struct buf body;
	buf_init(&body);
	char *type;
	bool html;
	char why[128];
	assert_int_equal(warc_http_decode(http, strlen(http), 1000, &body, &type, &html, why,
					  sizeof why), 0);
	assert_true(html);
	assert_string_equal(type, "text/html; charset=koi8-r");
	assert_string_equal(body.data, "<p>abcdefghij<");
	free(type);
	body.len = 0;
	const char *bad = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffff\r\nabc";
	assert_int_equal(warc_http_decode(bad, strlen(bad), 1000, &body, &type, &html, why,
					  sizeof why), -1);
	assert_string_equal(why, "chunked body cut short");
	free(type);
	buf_free(&body);
}

/* Responses warcio reads: a chunked header on a body stored de-chunked,
 * an interim 100 Continue before the 200, a Content-Type sent twice and
 * joined, an empty Content-Type (the body looked at). */
static void
test_http_quirks(void **state)
{
	(void)state;
	static const char *const in[] = {
		"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
		"<html><p>hi</p></html>",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
		"<html><p>hi</p></html>",
		"HTTP/1.1 200 OK\r\nContent-Type: text/html, text/html\r\n\r\n<html><p>hi</p></html>",
		"HTTP/1.1 200 OK\r\nContent-Type:\r\n\r\n<html><p>hi</p></html>",
	};
	static const char *const type[] = { "text/html", "text/html", "text/html, text/html", NULL };
	for (int k = 0; k < 4; k++) {
		struct buf body;
		buf_init(&body);
		char *t;
		bool html;
		char why[128];
		assert_int_equal(warc_http_decode(in[k], strlen(in[k]), 1000, &body, &t, &html, why,
						  sizeof why), 0);
		assert_true(html);
		if (type[k])
			assert_string_equal(t, type[k]);
		else
			assert_null(t);
		assert_string_equal(body.data, "<html><p>hi</p></html>");
		free(t);
		buf_free(&body);
	}
}

/* deflate as RFC 9110 says (zlib data) and as some servers send it (raw) */
static void
test_http_deflate(void **state)
{
	(void)state;
	/* "<p>hi</p>" compressed by zlib.compress() and with wbits -15 */
	static const char zdata[] = "\x78\x9c\xb3\x29\xb0\xcb\xc8\xb4\xd1\x2f\xb0\x03\x00\x0e\x6f\x02\xd5";
	static const char raw[] = "\xb3\x29\xb0\xcb\xc8\xb4\xd1\x2f\xb0\x03\x00";
	const char *head = "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n";
	for (int k = 0; k < 2; k++) {
		struct buf in, body;
		buf_init(&in);
		buf_init(&body);
		buf_adds(&in, head);
		buf_add(&in, k ? raw : zdata, k ? sizeof raw - 1 : sizeof zdata - 1);
		char *type;
		bool html;
		char why[128];
		assert_int_equal(warc_http_decode(in.data, in.len, 1000, &body, &type, &html, why,
						  sizeof why), 0);
		assert_null(type);
		assert_false(html);     /* no Content-Type, and not a document's start */
		assert_string_equal(body.data, "<p>hi</p>");
		buf_free(&in);
		buf_free(&body);
	}
}

static void
test_not_warc(void **state)
{
	(void)state;
	const char *in = "<!doctype html><p>a page</p>";
	struct mem m = { in, strlen(in), 3 };
	struct warc_reader *r = warc_reader_new(mem_read, &m, 1 << 20);
	assert_false(warc_reader_sniff(r));
	struct buf rest;
	buf_init(&rest);
	assert_int_equal(warc_reader_rest(r, 1000, &rest), 0);
	assert_string_equal(rest.data, in);
	buf_free(&rest);
	warc_reader_free(r);
	warc_reader_free(NULL);
}

static void
test_wet_record(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	warc_write_conversion(&b, "http://a.test/", "<urn:uuid:1>", "2024-01-02T03:04:05Z",
			      "seed", "text\n", 5);
	char *id = strstr(b.data, "WARC-Record-ID: <urn:uuid:");
	assert_non_null(id);
	/* version 8 and the RFC 9562 variant */
	assert_int_equal(id[26 + 14], '8');
	assert_non_null(strchr("89ab", id[26 + 19]));
	char want[400];
	snprintf(want, sizeof want,
		 "WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://a.test/\r\n"
		 "WARC-Date: 2024-01-02T03:04:05Z\r\n%.63s\r\nWARC-Refers-To: <urn:uuid:1>\r\n"
		 "Content-Type: text/plain\r\nContent-Length: 5\r\n\r\ntext\n\r\n\r\n", id);
	assert_string_equal(b.data, want);
	struct buf again;
	buf_init(&again);
	warc_write_conversion(&again, "http://a.test/", "<urn:uuid:1>", "2024-01-02T03:04:05Z",
			      "seed", "text\n", 5);
	assert_string_equal(b.data, again.data);
	buf_free(&again);
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_and_skips),
		cmocka_unit_test(test_resync_lf_folded),
		cmocka_unit_test(test_limit_and_cut),
		cmocka_unit_test(test_overstated_length),
		cmocka_unit_test(test_http_chunked),
		cmocka_unit_test(test_http_quirks),
		cmocka_unit_test(test_http_deflate),
		cmocka_unit_test(test_not_warc),
		cmocka_unit_test(test_wet_record),
	};
	return cmocka_run_group_tests_name("warc", tests, NULL, NULL);
}

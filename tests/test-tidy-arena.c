/* test-tidy-arena.c - libtidy's arena (tidy-arena.h): blocks without
 * heads in slabs by size, freed blocks reused by size, large blocks from
 * malloc and freed at the drop if libtidy did not, mappings kept between
 * parses up to the bound, slabs given back as they empty once drained,
 * and parses through it. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "tidy-arena.h"
#include "dom.h"
#include "util.h"

static void *
alloc(struct tidy_arena *a, size_t n)
{
	return a->base.vtbl->alloc(&a->base, n);
}

static void *
grow(struct tidy_arena *a, void *p, size_t n)
{
	return a->base.vtbl->realloc(&a->base, p, n);
}

static void
release(struct tidy_arena *a, void *p)
{
	a->base.vtbl->free(&a->base, p);
}

/* the slab that holds p, as a number */
static uintptr_t
slab_of(const void *p)
{
	return (uintptr_t)p / TIDY_ARENA_SLAB;
}

static void
test_blocks(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	const size_t g = TIDY_ARENA_GRAIN;
	char *p = alloc(&a, 10), *q = alloc(&a, 10), *r = alloc(&a, 16);
	assert_int_equal((uintptr_t)p % g, 0);
	/* no head: 10 bytes take two grains, and the blocks of a size stand
	 * side by side in their slab */
	assert_ptr_equal(q, p + 2 * g);
	assert_ptr_equal(r, q + 2 * g);
	/* a size of its own is in a slab of its own; 0 bytes take a grain */
	char *one = alloc(&a, 1), *zero = alloc(&a, 0);
	assert_true(slab_of(one) != slab_of(p));
	assert_ptr_equal(zero, one + g);
	memcpy(p, "0123456789", 10);
	/* grown within its grains, a block stays; past them, it moves with
	 * its bytes, and its old place serves the next block of its size */
	assert_ptr_equal(grow(&a, p, 16), p);
	assert_ptr_equal(grow(&a, p, 3), p);
	char *p2 = grow(&a, p, 40);
	assert_ptr_not_equal(p2, p);
	assert_memory_equal(p2, "0123456789", 10);
	assert_ptr_equal(alloc(&a, 9), p);
	/* freed blocks come back last first */
	release(&a, q);
	release(&a, r);
	assert_ptr_equal(alloc(&a, 12), r);
	assert_ptr_equal(alloc(&a, 12), q);
	/* a slab holds TIDY_ARENA_SLAB / size blocks, then the next starts */
	size_t per = TIDY_ARENA_SLAB / (13 * g);
	char *first = alloc(&a, 13 * g), *b = first;
	for (size_t i = 1; i < per; i++)
		b = alloc(&a, 13 * g - 1);
	assert_true(slab_of(b) == slab_of(first));
	assert_true(slab_of(alloc(&a, 13 * g)) != slab_of(first));
	/* the largest size the arena hands out is reused too */
	char *w = alloc(&a, TIDY_ARENA_BIG - 1);
	alloc(&a, TIDY_ARENA_BIG - 1);
	release(&a, w);
	assert_ptr_equal(alloc(&a, TIDY_ARENA_BIG - 1), w);
	tidy_arena_drop(&a);
}

static void
test_big(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	/* large blocks are malloc's (AddressSanitizer sees them freed) and
	 * take no slab */
	char *b = alloc(&a, TIDY_ARENA_BIG);
	assert_int_equal(tidy_arena_bytes(&a), 0);
	memset(b, 'x', TIDY_ARENA_BIG);
	b = grow(&a, b, 4 * TIDY_ARENA_BIG);
	assert_int_equal(b[TIDY_ARENA_BIG - 1], 'x');
	release(&a, b);
	/* a small block grown past the bound becomes one */
	char *s = alloc(&a, 100);
	memset(s, 'y', 100);
	char *t = grow(&a, s, TIDY_ARENA_BIG);
	assert_ptr_not_equal(t, s);
	assert_int_equal(t[99], 'y');
	release(&a, t);
	assert_int_equal(tidy_arena_bytes(&a) > 0, 1);
	assert_int_equal(tidy_arena_bigs(&a), 0);
	/* blocks libtidy never frees go at the drop (AddressSanitizer would
	 * report them lost): three, one of them grown, one freed */
	char *l1 = alloc(&a, 2 * TIDY_ARENA_BIG), *l2 = alloc(&a, TIDY_ARENA_BIG);
	char *l3 = alloc(&a, 3 * TIDY_ARENA_BIG);
	assert_int_equal((uintptr_t)l2 % _Alignof(max_align_t), 0);
	memset(l2, 'z', TIDY_ARENA_BIG);
	l2 = grow(&a, l2, 8 * TIDY_ARENA_BIG);
	assert_int_equal(l2[TIDY_ARENA_BIG - 1], 'z');
	assert_int_equal(tidy_arena_bigs(&a), 3);
	release(&a, l1);
	assert_int_equal(tidy_arena_bigs(&a), 2);
	(void)l3;
	tidy_arena_drop(&a);
	assert_int_equal(tidy_arena_bigs(&a), 0);
}

static void
test_kept(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	/* 20 MB in blocks of 504 bytes: mappings of 256 KB doubling to 4 MB */
	for (int i = 0; i < 40000; i++)
		memset(alloc(&a, 500), i & 0xFF, 500);
	assert_true(tidy_arena_bytes(&a) >= (size_t)40000 * 504);
	tidy_arena_drop(&a);
	/* no more than TIDY_ARENA_KEEP stays for the next parse */
	size_t kept = tidy_arena_kept();
	assert_true(kept > 0);
	assert_true(kept <= TIDY_ARENA_KEEP);
	/* and the next parse takes its first mapping from them */
	alloc(&a, 10);
	assert_true(tidy_arena_kept() < kept);
	assert_int_equal(tidy_arena_bytes(&a), kept - tidy_arena_kept());
	tidy_arena_drop(&a);
	assert_int_equal(tidy_arena_kept(), kept);
}

/* Drained, a slab goes back to the system with its last block, and the
 * rest stay; an arena below TIDY_ARENA_DRAIN is not drained. */
static void
test_drain(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	char *small = alloc(&a, 100);
	tidy_arena_drain(&a);
	assert_null(a.live);
	release(&a, small);
	assert_ptr_equal(alloc(&a, 100), small);
	tidy_arena_drop(&a);

	/* 104-byte blocks (libtidy's nodes) past the bound */
	const size_t size = 104, per = TIDY_ARENA_SLAB / size;
	size_t n = TIDY_ARENA_DRAIN / size + 2 * per;
	char **v = malloc(n * sizeof *v);
	assert_non_null(v);
	tidy_arena_init(&a);
	for (size_t i = 0; i < n; i++) {
		v[i] = alloc(&a, size);
		memset(v[i], 0xAA, size);
	}
	assert_true(tidy_arena_bytes(&a) >= TIDY_ARENA_DRAIN);
	/* the blocks of the first slab, of which one was freed before the
	 * drain, and of the second but one */
	size_t s0 = 0;
	while (s0 < n && slab_of(v[s0]) == slab_of(v[0]))
		s0++;
	assert_int_equal(s0, per);
	release(&a, v[3]);
	tidy_arena_drain(&a);
	assert_non_null(a.live);
	size_t before = tidy_arena_bytes(&a);
	for (size_t i = 0; i < per; i++)
		if (i != 3)
			release(&a, v[i]);
	for (size_t i = per; i < 2 * per - 1; i++)
		release(&a, v[i]);
	/* the first slab reads as zeroes, the second keeps its last block */
	assert_int_equal(v[0][0], 0);
	assert_int_equal(v[per - 1][size - 1], 0);
	assert_int_equal((unsigned char)v[2 * per - 1][0], 0xAA);
	/* a block made now is malloc's */
	uint32_t slabs = a.slabs.n;
	char *late = alloc(&a, size);
	assert_int_equal(a.slabs.n, slabs);
	assert_int_equal(tidy_arena_bytes(&a), before);
	release(&a, late);
	tidy_arena_drop(&a);
	free(v);
}

static Bool TIDY_CALL
quiet(TidyMessage m)
{
	(void)m;
	return no;
}

/* A page whose tree is drained as the DOM is built from it: every
 * element and text is read before its node is freed. */
static void
test_parse_large(void **state)
{
	(void)state;
	enum { N = 40000 };
	struct buf html;
	buf_init(&html);
	buf_adds(&html, "<html><head><title>T</title></head><body>");
	for (int i = 0; i < N; i++)
		buf_printf(&html, "<div class=c%d><p>text %d</p></div>\n", i % 7, i);
	buf_adds(&html, "</body></html>");
	/* the tree is past the bound */
	struct tidy_arena a;
	tidy_arena_init(&a);
	TidyDoc doc = tidyCreateWithAllocator(&a.base);
	tidySetMessageCallback(doc, quiet);
	tidyParseString(doc, html.data);
	assert_true(tidy_arena_bytes(&a) >= TIDY_ARENA_DRAIN);
	tidyRelease(doc);
	tidy_arena_drop(&a);

	char err[256];
	struct dom_opts o;
	dom_opts_default(&o);
	struct dom *d = NULL;
	assert_int_equal(dom_parse(html.data, html.len, &o, &d, err, sizeof err), 0);
	/* html, head, title, body, and a div and a p for each i */
	assert_int_equal(d->n, 4 + 2 * N);
	int i = 0;
	struct buf want;
	buf_init(&want);
	for (int e = d->first_child[d->body]; e >= 0; e = d->next_sibling[e], i++) {
		assert_string_equal(dom_tagname(d, e), "div");
		want.len = 0;
		buf_printf(&want, "c%d", i % 7);
		assert_string_equal(dom_attr(d, e, "class"), want.data);
		int p = d->first_child[e];
		assert_string_equal(dom_tagname(d, p), "p");
		assert_int_equal(d->text_end[p] - d->text_begin[p], 1);
		want.len = 0;
		buf_printf(&want, "text %d", i);
		int t = d->text_begin[p];
		assert_int_equal(d->texts[t].len, want.len);
		assert_memory_equal(dom_text(d, t), want.data, want.len);
	}
	assert_int_equal(i, N);
	buf_free(&want);
	buf_free(&html);
	dom_free(d);
}

/* A page parsed twice (the second time from kept chunks) gives the same
 * tree. */
static void
test_parse(void **state)
{
	(void)state;
	static const char html[] =
		"<html><head><title>T</title></head><body><div id=a><p>One two.</p>"
		"<p>Three <b>four</b> five.</p></div><ul><li>x</li><li>y</li></ul></body></html>";
	char err[256];
	struct dom_opts o;
	dom_opts_default(&o);
	struct dom *d1 = NULL, *d2 = NULL;
	assert_int_equal(dom_parse(html, sizeof html - 1, &o, &d1, err, sizeof err), 0);
	assert_int_equal(dom_parse(html, sizeof html - 1, &o, &d2, err, sizeof err), 0);
	assert_int_equal(d1->n, d2->n);
	assert_int_equal(d1->n, 11);
	assert_int_equal(d1->pool_len, d2->pool_len);
	assert_memory_equal(d1->pool, d2->pool, d1->pool_len);
	dom_free(d1);
	dom_free(d2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_big),
		cmocka_unit_test(test_kept),
		cmocka_unit_test(test_drain),
		cmocka_unit_test(test_parse_large),
		cmocka_unit_test(test_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test-tidy-arena.c - libtidy's arena (tidy-arena.h): blocks aligned and
 * kept, freed small blocks reused by size, the last block grown in place,
 * large blocks from malloc, chunks kept between parses up to the bound,
 * and a parse through it. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "tidy-arena.h"
#include "dom.h"

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

static void
test_blocks(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	/* the unit: malloc's alignment, 16 bytes on x86-64 */
	size_t u = _Alignof(max_align_t);
	char *p = alloc(&a, 10), *q = alloc(&a, 1), *r = alloc(&a, 0);
	assert_int_equal((uintptr_t)p % u, 0);
	assert_int_equal((uintptr_t)q % u, 0);
	/* 10 bytes take whole units after a head of one unit; 0 bytes one */
	assert_ptr_equal(q, p + u + (10 + u - 1) / u * u);
	assert_ptr_equal(r, q + 2 * u);
	memcpy(p, "0123456789", 10);
	/* p is not the last block: it moves, its bytes with it, and its old
	 * place serves the next block of its size */
	char *p2 = grow(&a, p, 40);
	assert_ptr_not_equal(p2, p);
	assert_memory_equal(p2, "0123456789", 10);
	assert_ptr_equal(alloc(&a, 10), p);
	/* the last block grows in place, and shrinking keeps it */
	char *s = alloc(&a, 20);
	assert_ptr_equal(grow(&a, s, 200), s);
	assert_ptr_equal(grow(&a, s, 5), s);
	/* the last block freed goes back to its chunk */
	release(&a, s);
	assert_ptr_equal(alloc(&a, 100), s);
	/* a block of the largest size the arena hands out is reused too */
	char *w = alloc(&a, TIDY_ARENA_BIG - 2 * u);
	alloc(&a, 1);
	release(&a, w);
	assert_ptr_equal(alloc(&a, TIDY_ARENA_BIG - 2 * u), w);
	tidy_arena_drop(&a);
}

static void
test_big(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	/* large blocks are malloc's (AddressSanitizer sees them freed) */
	char *b = alloc(&a, TIDY_ARENA_BIG);
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
	tidy_arena_drop(&a);
}

static void
test_kept(void **state)
{
	(void)state;
	struct tidy_arena a;
	tidy_arena_init(&a);
	/* 20 MB in blocks of 500 bytes: chunks of 64 KB doubling to 4 MB */
	for (int i = 0; i < 40000; i++)
		memset(alloc(&a, 500), i & 0xFF, 500);
	assert_true(tidy_arena_bytes(&a) >= (size_t)40000 * 512);
	tidy_arena_drop(&a);
	/* no more than TIDY_ARENA_KEEP stays for the next parse */
	size_t kept = tidy_arena_kept();
	assert_true(kept > 0);
	assert_true(kept <= TIDY_ARENA_KEEP);
	/* and the next parse takes its first chunk from them */
	alloc(&a, 10);
	assert_true(tidy_arena_kept() < kept);
	assert_int_equal(tidy_arena_bytes(&a), kept - tidy_arena_kept());
	tidy_arena_drop(&a);
	assert_int_equal(tidy_arena_kept(), kept);
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
		cmocka_unit_test(test_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

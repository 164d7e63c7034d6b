/* tidy-arena.c - libtidy's memory for one parse, from an arena
 * (tidy-arena.h says how it is handed out) */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tidy-arena.h"
#include "util.h"

struct tidy_arena_free {
	struct tidy_arena_free *next;
};

struct tidy_arena_chunk {
	struct tidy_arena_chunk *prev;
	size_t cap, used;           /* bytes after the header */
	max_align_t data[];
};

/* Each block is preceded by its size, a multiple of HEAD (malloc's
 * alignment), with MALLOC set when it is malloc's. */
#define HEAD _Alignof(max_align_t)
#define ROUND(n) (((n) + HEAD - 1) / HEAD * HEAD)
#define MALLOC ((size_t)1)
#define FIRST ((size_t)64 << 10)
#define MOST ((size_t)4 << 20)

/* The chunks kept between parses. */
static struct {
	pthread_mutex_t lock;
	struct tidy_arena_chunk *chunks;
	size_t bytes;
} kept = { PTHREAD_MUTEX_INITIALIZER, NULL, 0 };

static size_t *
size_of(void *block)
{
	return (size_t *)((char *)block - HEAD);
}

static size_t
chunk_total(size_t cap)
{
	return sizeof(struct tidy_arena_chunk) + cap;
}

/* A chunk with room for need bytes: a kept one, else a fresh mapping of
 * at least cap. */
static struct tidy_arena_chunk *
chunk_get(size_t need, size_t cap)
{
	pthread_mutex_lock(&kept.lock);
	struct tidy_arena_chunk **at = &kept.chunks;
	while (*at && (*at)->cap < need)
		at = &(*at)->prev;
	struct tidy_arena_chunk *c = *at;
	if (c) {
		*at = c->prev;
		kept.bytes -= chunk_total(c->cap);
	}
	pthread_mutex_unlock(&kept.lock);
	if (c)
		return c;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t total = (chunk_total(cap > need ? cap : need) + page - 1) / page * page;
	void *m = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		die("out of memory (%zu bytes for the HTML parser)", total);
	c = m;
	c->cap = total - sizeof *c;
	return c;
}

static void *TIDY_CALL
arena_alloc(TidyAllocator *self, size_t n)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	size_t need = HEAD + ROUND(n ? n : 1);
	if (need >= TIDY_ARENA_BIG) {
		char *big = xmalloc(need);
		*(size_t *)big = (need - HEAD) | MALLOC;
		return big + HEAD;
	}
	size_t units = need / HEAD - 1;
	if (units <= TIDY_ARENA_SMALL && a->freed[units]) {
		struct tidy_arena_free *f = a->freed[units];
		a->freed[units] = f->next;
		return f;
	}
	struct tidy_arena_chunk *c = a->top;
	if (!c || c->cap - c->used < need) {
		/* chunks double up to MOST */
		size_t cap = c ? 2 * c->cap : FIRST;
		c = chunk_get(need, cap > MOST ? MOST : cap);
		c->used = 0;
		c->prev = a->top;
		a->top = c;
	}
	char *at = (char *)c->data + c->used;
	c->used += need;
	*(size_t *)at = need - HEAD;
	a->last = at + HEAD;
	return a->last;
}

static void TIDY_CALL
arena_free(TidyAllocator *self, void *block)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (!block)
		return;
	size_t size = *size_of(block);
	if (size & MALLOC) {
		free(size_of(block));
		return;
	}
	size_t units = size / HEAD;
	if (block == a->last) {
		/* back to its chunk */
		a->top->used -= HEAD + size;
		a->last = NULL;
	} else if (units <= TIDY_ARENA_SMALL) {
		struct tidy_arena_free *f = block;
		f->next = a->freed[units];
		a->freed[units] = f;
	}
}

static void *TIDY_CALL
arena_realloc(TidyAllocator *self, void *block, size_t n)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (!block)
		return arena_alloc(self, n);
	size_t *size = size_of(block), have = *size & ~MALLOC;
	if (n <= have)
		return block;
	if (*size & MALLOC) {
		size_t need = HEAD + ROUND(n);
		char *big = xrealloc(size, need);
		*(size_t *)big = (need - HEAD) | MALLOC;
		return big + HEAD;
	}
	struct tidy_arena_chunk *c = a->top;
	size_t more = ROUND(n) - have;
	if (block == a->last && HEAD + ROUND(n) < TIDY_ARENA_BIG && c->cap - c->used >= more) {
		c->used += more;
		*size += more;
		return block;
	}
	void *fresh = arena_alloc(self, n);
	memcpy(fresh, block, have);
	arena_free(self, block);
	return fresh;
}

static void TIDY_CALL
arena_panic(TidyAllocator *self, ctmbstr msg)
{
	(void)self;
	die("the HTML parser: %s", msg);
}

static const TidyAllocatorVtbl vtbl = {
	arena_alloc, arena_realloc, arena_free, arena_panic,
};

void
tidy_arena_init(struct tidy_arena *a)
{
	memset(a, 0, sizeof *a);
	a->base.vtbl = &vtbl;
}

void
tidy_arena_drop(struct tidy_arena *a)
{
	while (a->top) {
		struct tidy_arena_chunk *c = a->top;
		a->top = c->prev;
		size_t total = chunk_total(c->cap);
		pthread_mutex_lock(&kept.lock);
		bool keep = kept.bytes + total <= TIDY_ARENA_KEEP;
		if (keep) {
			c->prev = kept.chunks;
			kept.chunks = c;
			kept.bytes += total;
		}
		pthread_mutex_unlock(&kept.lock);
		if (!keep)
			munmap(c, total);
	}
	tidy_arena_init(a);
}

size_t
tidy_arena_bytes(const struct tidy_arena *a)
{
	size_t n = 0;
	for (const struct tidy_arena_chunk *c = a->top; c; c = c->prev)
		n += chunk_total(c->cap);
	return n;
}

size_t
tidy_arena_kept(void)
{
	pthread_mutex_lock(&kept.lock);
	size_t n = kept.bytes;
	pthread_mutex_unlock(&kept.lock);
	return n;
}

/* tidy-arena.c - libtidy's memory for one parse, from an arena
 * (tidy-arena.h says how it is handed out) */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tidy-arena.h"
#include "util.h"

struct tidy_arena_free {
	struct tidy_arena_free *next;
};

struct tidy_arena_map {
	char *at;
	size_t bytes;
};

/* The head of a block from malloc: the arena's list of them. */
struct tidy_arena_big {
	union {
		struct {
			struct tidy_arena_big *prev, *next;
		} l;
		max_align_t align;    /* the block after it keeps malloc's alignment */
	} u;
};

#define GRAIN TIDY_ARENA_GRAIN
_Static_assert(GRAIN % _Alignof(void *) == 0 && GRAIN % _Alignof(double) == 0 &&
	       GRAIN % _Alignof(uint64_t) == 0, "a grain aligns libtidy's structures");
_Static_assert(TIDY_ARENA_CLASSES <= 256, "a slab's class fits a byte");
#define SLAB TIDY_ARENA_SLAB
#define FIRST ((size_t)256 << 10)
#define MOST ((size_t)4 << 20)

/* The mappings kept between parses: at most KEEP / FIRST of them. */
#define KEPT_MAX (TIDY_ARENA_KEEP / FIRST)
static struct {
	pthread_mutex_t lock;
	struct tidy_arena_map maps[KEPT_MAX];
	size_t n, bytes;
} kept = { PTHREAD_MUTEX_INITIALIZER, { { NULL, 0 } }, 0, 0 };

/* bytes at an address that is a multiple of SLAB */
static char *
map_aligned(size_t bytes)
{
	size_t len = bytes + SLAB;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		die("out of memory (%zu bytes for the HTML parser)", bytes);
	uintptr_t at = ((uintptr_t)m + SLAB - 1) & ~(uintptr_t)(SLAB - 1);
	size_t head = at - (uintptr_t)m;
	if (head)
		munmap(m, head);
	if (SLAB - head)
		munmap((char *)at + bytes, SLAB - head);
	return (char *)at;
}

/* A mapping to cut slabs from: a kept one, else a new one of the next
 * size. */
static void
map_next(struct tidy_arena *a)
{
	struct tidy_arena_map m = { NULL, 0 };
	pthread_mutex_lock(&kept.lock);
	if (kept.n) {
		m = kept.maps[--kept.n];
		kept.bytes -= m.bytes;
	}
	pthread_mutex_unlock(&kept.lock);
	if (!m.at) {
		m.bytes = a->nmaps ? 2 * a->maps[a->nmaps - 1].bytes : FIRST;
		if (m.bytes > MOST)
			m.bytes = MOST;
		m.at = map_aligned(m.bytes);
	}
	if (a->nmaps == a->mapcap) {
		a->mapcap = a->mapcap ? 2 * a->mapcap : 8;
		a->maps = xreallocarray(a->maps, a->mapcap, sizeof *a->maps);
	}
	a->maps[a->nmaps++] = m;
	a->uncut = m.at;
	a->mapend = m.at + m.bytes;
}

/* The number of the slab that holds block, or -1 when block is
 * malloc's. */
static ptrdiff_t
slab_of(const struct tidy_arena *a, const void *block)
{
	uint32_t k = u64_ids_find(&a->slabs, (uintptr_t)block / SLAB);
	return k == UINT32_MAX ? -1 : (ptrdiff_t)k;
}

/* A drained slab's pages back to the system (the mapping stays, and
 * reads as zeroes if it is used again). */
static void
slab_release(const struct tidy_arena *a, size_t k)
{
	char *s = (char *)(uintptr_t)(a->slabs.v[k] * SLAB);
#ifdef MADV_DONTNEED
	madvise(s, SLAB, MADV_DONTNEED);
#else
	(void)s;
#endif
}

/* A fresh slab for blocks of cls grains. */
static void
slab_cut(struct tidy_arena *a, unsigned cls)
{
	if (a->uncut == a->mapend)
		map_next(a);
	char *s = a->uncut;
	a->uncut += SLAB;
	uint32_t k = u64_ids_add(&a->slabs, (uintptr_t)s / SLAB);
	if (a->slabs.n > a->classcap) {
		a->classcap = a->slabs.cap;
		a->slab_class = xrealloc(a->slab_class, a->classcap);
	}
	a->slab_class[k] = (unsigned char)cls;
	size_t size = cls * GRAIN;
	a->next[cls] = s;
	a->end[cls] = s + SLAB / size * size;
}

static void
big_link(struct tidy_arena *a, struct tidy_arena_big *h)
{
	h->u.l.prev = NULL;
	h->u.l.next = a->bigs;
	if (a->bigs)
		a->bigs->u.l.prev = h;
	a->bigs = h;
}

static void
big_unlink(struct tidy_arena *a, struct tidy_arena_big *h)
{
	if (h->u.l.prev)
		h->u.l.prev->u.l.next = h->u.l.next;
	else
		a->bigs = h->u.l.next;
	if (h->u.l.next)
		h->u.l.next->u.l.prev = h->u.l.prev;
}

/* n bytes and a head */
static size_t
headed(size_t n)
{
	if (n > SIZE_MAX - sizeof(struct tidy_arena_big))
		die("out of memory (%zu bytes for the HTML parser)", n);
	return sizeof(struct tidy_arena_big) + n;
}

/* A block from malloc, on the arena's list, so that one libtidy never
 * frees (it loses a few when a "<?xml" is cut short) goes at the drop. */
static void *
big_alloc(struct tidy_arena *a, size_t n)
{
	struct tidy_arena_big *h = xmalloc(headed(n));
	big_link(a, h);
	return h + 1;
}

static void
big_free(struct tidy_arena *a, void *block)
{
	struct tidy_arena_big *h = (struct tidy_arena_big *)block - 1;
	big_unlink(a, h);
	free(h);
}

static void *
big_realloc(struct tidy_arena *a, void *block, size_t n)
{
	struct tidy_arena_big *h = (struct tidy_arena_big *)block - 1;
	big_unlink(a, h);
	h = xrealloc(h, headed(n));
	big_link(a, h);
	return h + 1;
}

static void *TIDY_CALL
arena_alloc(TidyAllocator *self, size_t n)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (n >= TIDY_ARENA_BIG || a->live)
		return big_alloc(a, n);
	unsigned cls = n ? (unsigned)((n + GRAIN - 1) / GRAIN) : 1;
	struct tidy_arena_free *f = a->freed[cls];
	if (f) {
		a->freed[cls] = f->next;
		return f;
	}
	if (a->next[cls] == a->end[cls])
		slab_cut(a, cls);
	void *b = a->next[cls];
	a->next[cls] += cls * GRAIN;
	return b;
}

static void TIDY_CALL
arena_free(TidyAllocator *self, void *block)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (!block)
		return;
	ptrdiff_t k = slab_of(a, block);
	if (k < 0) {
		big_free(a, block);
		return;
	}
	if (a->live) {
		if (--a->live[k] == 0)
			slab_release(a, (size_t)k);
		return;
	}
	unsigned cls = a->slab_class[k];
	struct tidy_arena_free *f = block;
	f->next = a->freed[cls];
	a->freed[cls] = f;
}

static void *TIDY_CALL
arena_realloc(TidyAllocator *self, void *block, size_t n)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (!block)
		return arena_alloc(self, n);
	ptrdiff_t k = slab_of(a, block);
	if (k < 0)
		return big_realloc(a, block, n);
	unsigned cls = a->slab_class[k];
	size_t have = cls * GRAIN;
	if (n <= have)
		return block;
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
tidy_arena_drain(struct tidy_arena *a)
{
	if (a->live || tidy_arena_bytes(a) < TIDY_ARENA_DRAIN)
		return;
	uint32_t *live = xmalloc(((size_t)a->slabs.n + 1) * sizeof *live);
	for (uint32_t k = 0; k < a->slabs.n; k++) {
		unsigned cls = a->slab_class[k];
		size_t size = cls * GRAIN, blocks = SLAB / size;
		char *s = (char *)(uintptr_t)(a->slabs.v[k] * SLAB);
		/* the slab being cut holds the blocks below its next */
		live[k] = (uint32_t)(a->end[cls] == s + blocks * size ?
				     (size_t)(a->next[cls] - s) / size : blocks);
	}
	for (unsigned cls = 1; cls < TIDY_ARENA_CLASSES; cls++) {
		for (struct tidy_arena_free *f = a->freed[cls]; f; f = f->next)
			live[slab_of(a, f)]--;
		a->freed[cls] = NULL;
		a->next[cls] = a->end[cls] = NULL;
	}
	a->live = live;
	for (uint32_t k = 0; k < a->slabs.n; k++)
		if (!live[k])
			slab_release(a, k);
}

void
tidy_arena_drop(struct tidy_arena *a)
{
	while (a->bigs) {
		struct tidy_arena_big *h = a->bigs;
		a->bigs = h->u.l.next;
		free(h);
	}
	for (size_t i = a->nmaps; i-- > 0;) {
		struct tidy_arena_map m = a->maps[i];
		pthread_mutex_lock(&kept.lock);
		bool keep = kept.n < KEPT_MAX && kept.bytes + m.bytes <= TIDY_ARENA_KEEP;
		if (keep) {
			kept.maps[kept.n++] = m;
			kept.bytes += m.bytes;
		}
		pthread_mutex_unlock(&kept.lock);
		if (!keep)
			munmap(m.at, m.bytes);
	}
	free(a->maps);
	u64_ids_free(&a->slabs);
	free(a->slab_class);
	free(a->live);
	tidy_arena_init(a);
}

size_t
tidy_arena_bytes(const struct tidy_arena *a)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nmaps; i++)
		n += a->maps[i].bytes;
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

size_t
tidy_arena_bigs(const struct tidy_arena *a)
{
	size_t n = 0;
	for (const struct tidy_arena_big *h = a->bigs; h; h = h->u.l.next)
		n++;
	return n;
}

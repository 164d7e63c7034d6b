/* tidy-arena.c - libtidy's memory for one parse, from an arena
 * (tidy-arena.h says how it is handed out) */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
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

static size_t
slab_hash(uintptr_t key, size_t cap)
{
	/* Fibonacci hashing spreads consecutive slab numbers */
	return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >> 40) & (cap - 1);
}

static void
slab_put(struct tidy_arena *a, uintptr_t key, unsigned char cls)
{
	size_t i = slab_hash(key, a->slabcap);
	while (a->slab[i])
		i = (i + 1) & (a->slabcap - 1);
	a->slab[i] = key;
	a->slab_class[i] = cls;
}

/* The place in the table of the slab that holds block, or -1 when block
 * is malloc's. */
static ptrdiff_t
slab_slot(const struct tidy_arena *a, const void *block)
{
	if (!a->slabcap)
		return -1;
	uintptr_t key = (uintptr_t)block / SLAB + 1;
	for (size_t i = slab_hash(key, a->slabcap); a->slab[i]; i = (i + 1) & (a->slabcap - 1))
		if (a->slab[i] == key)
			return (ptrdiff_t)i;
	return -1;
}

/* The size in grains of the slab that holds block, or 0 when block is
 * malloc's. */
static unsigned
slab_class(const struct tidy_arena *a, const void *block)
{
	ptrdiff_t i = slab_slot(a, block);
	return i < 0 ? 0 : a->slab_class[i];
}

/* A drained slab's pages back to the system (the mapping stays, and
 * reads as zeroes if it is used again). */
static void
slab_release(const struct tidy_arena *a, size_t i)
{
	char *s = (char *)((a->slab[i] - 1) * SLAB);
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
	if (2 * (a->nslabs + 1) > a->slabcap) {
		uintptr_t *old = a->slab;
		unsigned char *oldc = a->slab_class;
		size_t oldcap = a->slabcap;
		a->slabcap = oldcap ? 2 * oldcap : 64;
		a->slab = xcalloc(a->slabcap, sizeof *a->slab);
		a->slab_class = xmalloc(a->slabcap);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i])
				slab_put(a, old[i], oldc[i]);
		free(old);
		free(oldc);
	}
	slab_put(a, (uintptr_t)s / SLAB + 1, (unsigned char)cls);
	a->nslabs++;
	size_t size = cls * GRAIN;
	a->next[cls] = s;
	a->end[cls] = s + SLAB / size * size;
}

static void *TIDY_CALL
arena_alloc(TidyAllocator *self, size_t n)
{
	struct tidy_arena *a = (struct tidy_arena *)self;
	if (n >= TIDY_ARENA_BIG || a->live)
		return xmalloc(n ? n : 1);
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
	ptrdiff_t i = slab_slot(a, block);
	if (i < 0) {
		free(block);
		return;
	}
	if (a->live) {
		if (--a->live[i] == 0)
			slab_release(a, (size_t)i);
		return;
	}
	unsigned cls = a->slab_class[i];
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
	unsigned cls = slab_class(a, block);
	if (!cls)
		return xrealloc(block, n ? n : 1);
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
	uint32_t *live = xcalloc(a->slabcap, sizeof *live);
	for (size_t i = 0; i < a->slabcap; i++) {
		if (!a->slab[i])
			continue;
		unsigned cls = a->slab_class[i];
		size_t size = cls * GRAIN, blocks = SLAB / size;
		char *s = (char *)((a->slab[i] - 1) * SLAB);
		/* the slab being cut holds the blocks below its next */
		live[i] = (uint32_t)(a->end[cls] == s + blocks * size ?
				     (size_t)(a->next[cls] - s) / size : blocks);
	}
	for (unsigned cls = 1; cls < TIDY_ARENA_CLASSES; cls++) {
		for (struct tidy_arena_free *f = a->freed[cls]; f; f = f->next)
			live[slab_slot(a, f)]--;
		a->freed[cls] = NULL;
		a->next[cls] = a->end[cls] = NULL;
	}
	a->live = live;
	for (size_t i = 0; i < a->slabcap; i++)
		if (a->slab[i] && !live[i])
			slab_release(a, i);
}

void
tidy_arena_drop(struct tidy_arena *a)
{
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
	free(a->slab);
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

/* tidy-arena.h - libtidy's memory for one parse, from an arena */
#ifndef PITH_TIDY_ARENA_H
#define PITH_TIDY_ARENA_H

#include <stddef.h>
#include <stdint.h>

/* tidy.h declares const-qualified return types that -Wextra flags. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#pragma GCC diagnostic pop

#include "util.h"

/* libtidy allocates every node, attribute and string on its own and
 * frees them one by one at tidyRelease().  An arena hands that memory out
 * of slabs instead and takes it back whole (tidy_arena_drop):
 *  - a slab is TIDY_ARENA_SLAB bytes at an address that is a multiple of
 *    its size (small, because every size in use has one: a page's 30
 *    sizes in slabs of 64 KB outgrew the mappings kept, and a batch's
 *    worker faulted twice as many pages in), and holds blocks of one
 *    size, a multiple of
 *    TIDY_ARENA_GRAIN; a block carries no head, so that libtidy's nodes
 *    (104 bytes on x86-64) take 104 bytes and a tag's name 8, where a
 *    head of malloc's alignment made them 128 and 32 (a 21 MB page's
 *    tree took 163 MB with heads, 111 MB without);
 *  - the arena finds a block's size from its slab, among the slabs it
 *    has cut (a u64_ids);
 *  - a block freed waits in a list by its size for the next block of
 *    that size (the parse frees many a token as it goes);
 *  - a block of TIDY_ARENA_BIG bytes or more is malloc's: libtidy's lexer
 *    grows its buffer of the page's text by realloc, which an arena would
 *    copy, and frees long strings it made for a while, which an arena
 *    would keep until the end; such a block has a head that keeps it on
 *    the arena's list, and the drop frees those libtidy left;
 *  - slabs are cut from mappings of 256 KB doubling to 4 MB; dropped
 *    mappings, up to TIDY_ARENA_KEEP bytes of them, are kept for the next
 *    parse in the process, so that a batch's worker does not fault fresh
 *    memory in for every page; the rest go back to the system;
 *  - once the parse is done, tidy_arena_drain() counts the blocks of each
 *    slab still in use; from then on a slab whose last block is freed
 *    goes back to the system at once, and a new block is malloc's.  dom.c frees the tree as it reads
 *    it, so that a large page's tree and the DOM built from it do not
 *    both stand whole (a 21 MB page's peak went from 180 MB to 136 MB);
 *    an arena of less than TIDY_ARENA_DRAIN bytes is left as it is.
 * TIDY_ARENA_GRAIN is the alignment of a pointer, a double and a 64-bit
 * integer, the widest members of libtidy's structures (none holds a long
 * double or a vector).
 * Pass &a->base to tidyCreateWithAllocator(); drop the arena after
 * tidyRelease(). */

#define TIDY_ARENA_GRAIN ((size_t)8)
#define TIDY_ARENA_BIG ((size_t)1024)
#define TIDY_ARENA_CLASSES (TIDY_ARENA_BIG / TIDY_ARENA_GRAIN + 1)  /* sizes 1..BIG/GRAIN grains */
#define TIDY_ARENA_SLAB ((size_t)16 << 10)
#define TIDY_ARENA_KEEP ((size_t)2 << 20)
#define TIDY_ARENA_DRAIN ((size_t)8 << 20)

struct tidy_arena_free;        /* a freed block: the next of its size */
struct tidy_arena_map;         /* a mapping slabs are cut from */
struct tidy_arena_big;         /* the head of a block from malloc */

struct tidy_arena {
	TidyAllocator base;              /* first: libtidy hands this back */
	/* by size in grains: the free list, and the rest of the slab being cut */
	struct tidy_arena_free *freed[TIDY_ARENA_CLASSES];
	char *next[TIDY_ARENA_CLASSES], *end[TIDY_ARENA_CLASSES];
	/* the slabs cut, by address / SLAB, numbered; by number, each one's
	 * size in grains and, once drained, its blocks in use */
	struct u64_ids slabs;
	unsigned char *slab_class;
	size_t classcap;
	uint32_t *live;
	/* the mappings, and the part of the last not yet cut */
	struct tidy_arena_map *maps;
	size_t nmaps, mapcap;
	char *uncut, *mapend;
	/* the blocks from malloc not yet freed, freed at the drop */
	struct tidy_arena_big *bigs;
};

void tidy_arena_init(struct tidy_arena *a);
/* Nothing more will be allocated: the slabs go as they empty. */
void tidy_arena_drain(struct tidy_arena *a);
void tidy_arena_drop(struct tidy_arena *a);
/* Bytes of a's mappings, and of those kept for the next parse (tests). */
size_t tidy_arena_bytes(const struct tidy_arena *a);
size_t tidy_arena_kept(void);
/* Blocks from malloc not yet freed (tests). */
size_t tidy_arena_bigs(const struct tidy_arena *a);

#endif

// Times Box2D v3's own b2ShapeCast and b2TimeOfImpact, compiled natively, on the inputs `npm run
// bench -- --box2d DIR` writes (box2d-native.ts): the same shapes, poses and motions the bench
// gives core, planck and rapier. Built against a Box2D checkout by box2d-native.ts; not part of
// the product.
//
//   box2d-casts [--quick | --answers] FILE...
//
// Each FILE starts with a line `toi GROUP` or `sweep GROUP`, then one pair per line, every shape
// as its core and radius (`n x1 y1 … xn yn radius`, what b2MakeProxy takes):
//   toi:   shapeA  lcx lcy x1 y1 angle1 x2 y2 angle2  shapeB  (the same for B)
//   sweep: shapeA  ax ay angleA  shapeB  bx by angleB  tx ty
// Rotations are built from exact cosines and sines, as core's are. Prints per file, tab-separated:
// GROUP, median ns per call, min ns per call, hits (b2_toiStateHit, or output.hit). --answers, untimed:
// per file a line `GROUP<TAB>n`, then n lines `hit<TAB>fraction`, one per pair in order.
#define _POSIX_C_SOURCE 199309L
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#define BENCH_NAME "box2d-casts"
#include "bench-timing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Box2D's core.c defines this (B2_LINEAR_SLOP scales with it); only distance.c is linked here.
__attribute__( ( weak ) ) float b2_lengthUnitsPerMeter = 1.0f;

static b2ShapeProxy proxy( char** p, const char* file )
{
	int n = (int)number( p, file );
	if ( n < 1 || n > B2_MAX_POLYGON_VERTICES )
		fail( "a shape has too many or too few points", file );
	b2Vec2 points[B2_MAX_POLYGON_VERTICES];
	for ( int i = 0; i < n; ++i )
	{
		points[i].x = (float)number( p, file );
		points[i].y = (float)number( p, file );
	}
	float radius = (float)number( p, file );
	return b2MakeProxy( points, n, radius );
}

static b2Rot rotation( double angle )
{
	return (b2Rot){ (float)cos( angle ), (float)sin( angle ) };
}

typedef struct Case
{
	char group[128];
	int toi;
	int n;
	b2TOIInput* tois;
	b2ShapeCastPairInput* casts;
} Case;

static void load( Case* c, const char* file )
{
	static char line[1 << 16];
	FILE* f = openCase( file, line, (int)sizeof line );
	char kind[16];
	if ( sscanf( line, "%15s %127[^\n]", kind, c->group ) != 2 || strlen( line ) - strlen( kind ) - 1 > sizeof c->group - 1 )
		fail( "the first line must be `toi GROUP` or `sweep GROUP` (a name of at most 127 characters)", file );
	if ( strcmp( kind, "toi" ) != 0 && strcmp( kind, "sweep" ) != 0 )
		fail( "the first line must start with `toi` or `sweep`", file );
	c->toi = strcmp( kind, "toi" ) == 0;
	int capacity = 1024;
	c->n = 0;
	c->tois = c->toi ? malloc( sizeof( b2TOIInput ) * (size_t)capacity ) : NULL;
	c->casts = c->toi ? NULL : malloc( sizeof( b2ShapeCastPairInput ) * (size_t)capacity );
	while ( fgets( line, sizeof line, f ) )
	{
		char* p = line;
		if ( strspn( p, " \t\r\n" ) == strlen( p ) )
			continue;
		if ( c->n == capacity )
		{
			capacity *= 2;
			if ( c->toi )
				c->tois = realloc( c->tois, sizeof( b2TOIInput ) * (size_t)capacity );
			else
				c->casts = realloc( c->casts, sizeof( b2ShapeCastPairInput ) * (size_t)capacity );
		}
		if ( c->toi )
		{
			b2TOIInput in;
			memset( &in, 0, sizeof in );
			b2Sweep* sweeps[2] = { &in.sweepA, &in.sweepB };
			for ( int s = 0; s < 2; ++s )
			{
				b2ShapeProxy shape = proxy( &p, file );
				double v[8];
				for ( int j = 0; j < 8; ++j )
					v[j] = number( &p, file );
				if ( s == 0 )
					in.proxyA = shape;
				else
					in.proxyB = shape;
				// localCenter, c1 (start of the centre), q1, c2, q2: as core's Sweep.
				sweeps[s]->localCenter = (b2Vec2){ (float)v[0], (float)v[1] };
				sweeps[s]->c1 = (b2Vec2){ (float)v[2], (float)v[3] };
				sweeps[s]->q1 = rotation( v[4] );
				sweeps[s]->c2 = (b2Vec2){ (float)v[5], (float)v[6] };
				sweeps[s]->q2 = rotation( v[7] );
			}
			in.maxFraction = 1.0f;
			c->tois[c->n] = in;
		}
		else
		{
			b2ShapeCastPairInput in;
			memset( &in, 0, sizeof in );
			in.proxyA = proxy( &p, file );
			double ax = number( &p, file ), ay = number( &p, file ), aa = number( &p, file );
			in.proxyB = proxy( &p, file );
			double bx = number( &p, file ), by = number( &p, file ), ba = number( &p, file );
			double tx = number( &p, file ), ty = number( &p, file );
			// Proxies in their own frames, both world transforms and the world translation: b2ShapeCast
			// moves B into A's frame itself.
			in.transformA = (b2Transform){ { (float)ax, (float)ay }, rotation( aa ) };
			in.transformB = (b2Transform){ { (float)bx, (float)by }, rotation( ba ) };
			in.translationB = (b2Vec2){ (float)tx, (float)ty };
			in.maxFraction = 1.0f;
			c->casts[c->n] = in;
		}
		// Every number of the line read, nothing else: a format drift is an error, not a shift.
		if ( strspn( p, " \t\r\n" ) != strlen( p ) )
			fail( "a line has more numbers than its pair needs", file );
		c->n += 1;
	}
	fclose( f );
}

// One pass over every pair, in order: each call starts from whatever the caches hold, as core's do.
static float pass( const Case* c, int* hits )
{
	float acc = 0.0f;
	int h = 0;
	if ( c->toi )
		for ( int i = 0; i < c->n; ++i )
		{
			b2TOIOutput o = b2TimeOfImpact( c->tois + i );
			acc += o.fraction;
			h += o.state == b2_toiStateHit;
		}
	else
		for ( int i = 0; i < c->n; ++i )
		{
			b2CastOutput o = b2ShapeCast( c->casts + i );
			acc += o.fraction;
			h += o.hit;
		}
	*hits = h;
	return acc;
}

// Box2D's answer for every pair, to compare with core's (untimed).
static void answers( const Case* c )
{
	printf( "%s\t%d\n", c->group, c->n );
	for ( int i = 0; i < c->n; ++i )
	{
		if ( c->toi )
		{
			b2TOIOutput o = b2TimeOfImpact( c->tois + i );
			printf( "%d\t%.9g\n", o.state == b2_toiStateHit, (double)o.fraction );
		}
		else
		{
			b2CastOutput o = b2ShapeCast( c->casts + i );
			printf( "%d\t%.9g\n", o.hit ? 1 : 0, (double)o.fraction );
		}
	}
}

static float passOf( const void* c, int* hits )
{
	return pass( (const Case*)c, hits );
}

static int loadOf( void* c, const char* file )
{
	load( (Case*)c, file );
	return ( (Case*)c )->n;
}

static void nameOf( const void* c )
{
	printf( "%s", ( (const Case*)c )->group );
}

static void answersOf( const void* c )
{
	answers( (const Case*)c );
}

static void releaseOf( void* c )
{
	free( ( (Case*)c )->tois );
	free( ( (Case*)c )->casts );
}

int main( int argc, char** argv )
{
	const BenchHarness h = { sizeof( Case ), loadOf, nameOf, answersOf, passOf, releaseOf };
	return benchMain( argc, argv, &h );
}

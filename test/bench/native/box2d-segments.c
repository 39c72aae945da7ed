// Times Box2D v3's own segment functions and their capsule equivalents, compiled natively, on the
// inputs `npm run bench -- --box2d DIR --only edges` writes (box2d-native.ts, edges-bench.ts): the
// same edges, capsules, poses and rays the edges bench gives core. Built against a Box2D checkout
// by box2d-native.ts; not part of the product.
//
//   box2d-segments [--quick] FILE...
//
// Each FILE starts with a line `manifold GROUP FUNC` or `ray GROUP FUNC`, then one case per line,
// every shape as its core and radius (`n x1 y1 … xn yn radius`, as box2d-casts.c reads them) and
// every pose as `x y angle`:
//   manifold:  shapeA  ax ay angleA  shapeB  bx by angleB
//   ray:       shape   x y angle  fromX fromY toX toY   (world coordinates)
// FUNC names the Box2D function timed:
//   segment-circle   b2CollideSegmentAndCircle      capsule-circle   b2CollideCapsuleAndCircle
//   segment-polygon  b2CollideSegmentAndPolygon     capsule-polygon  b2CollidePolygonAndCapsule (B, A)
//   segment-capsule  b2CollideSegmentAndCapsule     capsule-capsule  b2CollideCapsules
//   segment          b2RayCastSegment (two-sided)   capsule          b2RayCastCapsule
// Box2D has no capsule-and-polygon function in that order; its contact table runs the polygon's
// (b2MakeCapsule, then b2CollidePolygons: what b2CollideSegmentAndPolygon does with radius 0).
// A ray is brought into the shape's frame and its hit back to the world, as b2RayCastShape does,
// since core's rayCast takes and returns world coordinates; manifolds take both world transforms
// and return a world normal and points, as core's do. Rotations are built from exact cosines and
// sines. Prints per file, tab-separated: GROUP, FUNC, median ns per call, min ns per call, hits
// (manifolds with a point, or rays that hit).
#define _POSIX_C_SOURCE 199309L
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#define BENCH_NAME "box2d-segments"
#include "bench-timing.h"
#include "bench-shapes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Box2D's core.c defines this (B2_LINEAR_SLOP scales with it); core.c is not linked here.
__attribute__( ( weak ) ) float b2_lengthUnitsPerMeter = 1.0f;

typedef enum Func
{
	SEGMENT_CIRCLE,
	CAPSULE_CIRCLE,
	SEGMENT_POLYGON,
	CAPSULE_POLYGON,
	SEGMENT_CAPSULE,
	CAPSULE_CAPSULE,
	RAY_SEGMENT,
	RAY_CAPSULE,
	FUNC_COUNT,
} Func;

static const char* const FUNC_NAMES[FUNC_COUNT] = {
	"segment-circle", "capsule-circle", "segment-polygon", "capsule-polygon", "segment-capsule", "capsule-capsule", "segment", "capsule",
};

// One case, its Box2D structs made before timing.
typedef struct Pair
{
	b2Segment segment;
	b2Capsule capsule;
	b2Transform xfA;
	b2Circle circleB;
	b2Capsule capsuleB;
	b2Polygon polygonB;
	b2Transform xfB;
	b2Vec2 from, to;
} Pair;

typedef struct Case
{
	char group[128];
	Func func;
	int n;
	Pair* pairs;
} Case;

static int needsCount( Func f, int count, int which )
{
	// A: a segment or capsule (two points); B: a circle (one), a capsule (two) or a polygon (3+).
	if ( which == 0 )
		return count == 2;
	if ( f == SEGMENT_CIRCLE || f == CAPSULE_CIRCLE )
		return count == 1;
	if ( f == SEGMENT_CAPSULE || f == CAPSULE_CAPSULE )
		return count == 2;
	return count >= 3;
}

static void load( Case* c, const char* file )
{
	static char line[1 << 16];
	FILE* f = openCase( file, line, (int)sizeof line );
	char kind[16], func[32];
	// The group is everything between the kind and the last word (FUNC).
	char* last = strrchr( line, ' ' );
	char* first = strchr( line, ' ' );
	if ( !first || !last || last == first || (size_t)( last - first - 1 ) > sizeof c->group - 1 || strlen( last + 1 ) > sizeof func - 1 ||
		 (size_t)( first - line ) > sizeof kind - 1 )
		fail( "the first line must be `manifold GROUP FUNC` or `ray GROUP FUNC`", file );
	memcpy( kind, line, (size_t)( first - line ) );
	kind[first - line] = 0;
	memcpy( c->group, first + 1, (size_t)( last - first - 1 ) );
	c->group[last - first - 1] = 0;
	strcpy( func, last + 1 );
	c->func = FUNC_COUNT;
	for ( int k = 0; k < FUNC_COUNT; ++k )
		if ( strcmp( func, FUNC_NAMES[k] ) == 0 )
			c->func = (Func)k;
	int ray = strcmp( kind, "ray" ) == 0;
	if ( c->func == FUNC_COUNT || ( !ray && strcmp( kind, "manifold" ) != 0 ) || ray != ( c->func >= RAY_SEGMENT ) )
		fail( "unknown kind or function on the first line", file );
	int capacity = 1024;
	c->n = 0;
	c->pairs = malloc( sizeof( Pair ) * (size_t)capacity );
	while ( fgets( line, sizeof line, f ) )
	{
		char* p = line;
		if ( strspn( p, " \t\r\n" ) == strlen( p ) )
			continue;
		if ( c->n == capacity )
		{
			capacity *= 2;
			c->pairs = realloc( c->pairs, sizeof( Pair ) * (size_t)capacity );
		}
		Pair in;
		memset( &in, 0, sizeof in );
		Shape a = shape( &p, file );
		if ( !needsCount( c->func, a.count, 0 ) )
			fail( "shape A must be a segment or a capsule (two points)", file );
		in.segment = (b2Segment){ a.points[0], a.points[1] };
		in.capsule = (b2Capsule){ a.points[0], a.points[1], a.radius };
		in.xfA = pose( &p, file );
		if ( ray )
		{
			double v[4];
			for ( int j = 0; j < 4; ++j )
				v[j] = number( &p, file );
			in.from = (b2Vec2){ (float)v[0], (float)v[1] };
			in.to = (b2Vec2){ (float)v[2], (float)v[3] };
		}
		else
		{
			Shape b = shape( &p, file );
			if ( !needsCount( c->func, b.count, 1 ) )
				fail( "shape B has the wrong number of points for the function", file );
			in.circleB = (b2Circle){ b.points[0], b.radius };
			if ( b.count == 2 )
				in.capsuleB = (b2Capsule){ b.points[0], b.points[1], b.radius };
			if ( b.count >= 3 )
			{
				b2Hull hull = b2ComputeHull( b.points, b.count );
				if ( hull.count == 0 )
					fail( "shape B is not a convex polygon", file );
				in.polygonB = b2MakePolygon( &hull, b.radius );
			}
			in.xfB = pose( &p, file );
		}
		// Every number of the line read, nothing else: a format drift is an error, not a shift.
		if ( strspn( p, " \t\r\n" ) != strlen( p ) )
			fail( "a line has more numbers than its case needs", file );
		c->pairs[c->n++] = in;
	}
	fclose( f );
}

// One call on a world-space ray, as b2RayCastShape makes it.
#define RAY( CALL )                                                                                                                  \
	for ( int i = 0; i < c->n; ++i )                                                                                                 \
	{                                                                                                                                \
		const Pair* q = c->pairs + i;                                                                                                \
		b2RayCastInput in = { b2InvTransformPoint( q->xfA, q->from ), b2InvRotateVector( q->xfA.q, b2Sub( q->to, q->from ) ), 1.0f }; \
		b2CastOutput o = CALL;                                                                                                       \
		o.point = b2TransformPoint( q->xfA, o.point );                                                                               \
		o.normal = b2RotateVector( q->xfA.q, o.normal );                                                                             \
		acc += o.fraction + o.point.x + o.normal.y;                                                                                  \
		h += o.hit;                                                                                                                  \
	}

// One pass over every case, in order, each call a direct one (the switch is outside the loop).
static float pass( const Case* c, int* hits )
{
	float acc = 0.0f;
	int h = 0;
	switch ( c->func )
	{
		case SEGMENT_CIRCLE:
			MANIFOLD( b2CollideSegmentAndCircle( &q->segment, q->xfA, &q->circleB, q->xfB ) );
			break;
		case CAPSULE_CIRCLE:
			MANIFOLD( b2CollideCapsuleAndCircle( &q->capsule, q->xfA, &q->circleB, q->xfB ) );
			break;
		case SEGMENT_POLYGON:
			MANIFOLD( b2CollideSegmentAndPolygon( &q->segment, q->xfA, &q->polygonB, q->xfB ) );
			break;
		case CAPSULE_POLYGON:
			MANIFOLD( b2CollidePolygonAndCapsule( &q->polygonB, q->xfB, &q->capsule, q->xfA ) );
			break;
		case SEGMENT_CAPSULE:
			MANIFOLD( b2CollideSegmentAndCapsule( &q->segment, q->xfA, &q->capsuleB, q->xfB ) );
			break;
		case CAPSULE_CAPSULE:
			MANIFOLD( b2CollideCapsules( &q->capsule, q->xfA, &q->capsuleB, q->xfB ) );
			break;
		case RAY_SEGMENT:
			RAY( b2RayCastSegment( &in, &q->segment, false ) );
			break;
		case RAY_CAPSULE:
			RAY( b2RayCastCapsule( &in, &q->capsule ) );
			break;
		default:
			break;
	}
	*hits = h;
	return acc;
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
	printf( "%s\t%s", ( (const Case*)c )->group, FUNC_NAMES[( (const Case*)c )->func] );
}

static void releaseOf( void* c )
{
	free( ( (Case*)c )->pairs );
}

int main( int argc, char** argv )
{
	const BenchHarness h = { sizeof( Case ), loadOf, nameOf, NULL, passOf, releaseOf };
	return benchMain( argc, argv, &h );
}

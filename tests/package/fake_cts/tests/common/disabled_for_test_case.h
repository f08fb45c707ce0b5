// As in the CTS: a build for an implementation it does not know stops here.
#pragma once

#if SYCL_CTS_COMPILING_WITH_DPCPP
#define INTERNAL_CTS_SYCL_IMPL_DPCPP ()
#elif SYCL_CTS_COMPILING_WITH_ADAPTIVECPP
#define INTERNAL_CTS_SYCL_IMPL_AdaptiveCpp ()
#else
#error Unknown SYCL implementation
#endif

# Sourced on the GPU machine: the environment that runs the Open MPI of a bundle made by
# scripts/gpu_openmpi_bundle.sh (relocated: it was built for /usr), with mpirun.openmpi on PATH
# and the bundle's lib/ (libtessera, CUDA's runtime, ...) on LD_LIBRARY_PATH.
#   source scripts/gpu_openmpi_env.sh BUNDLE
b=$1
m=$b/root/usr
export OPAL_PREFIX=$m OPAL_SYSCONFDIR=$b/root/etc/openmpi PMIX_PREFIX=$m/lib/x86_64-linux-gnu/pmix2
export PMIX_MCA_mca_base_component_path=$m/lib/x86_64-linux-gnu/pmix2/lib/pmix
export PATH=$m/bin:$PATH
export LD_LIBRARY_PATH=$b/lib:$m/lib/x86_64-linux-gnu:$m/lib/x86_64-linux-gnu/openmpi/lib:$m/lib/x86_64-linux-gnu/pmix2/lib:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Components whose libraries were left out stay quiet; CMA may be forbidden in a container.
export OMPI_MCA_mca_base_component_show_load_errors=0 OMPI_MCA_btl=self,vader
export OMPI_MCA_btl_vader_single_copy_mechanism=none PMIX_MCA_pcompress_base_silence_warning=1

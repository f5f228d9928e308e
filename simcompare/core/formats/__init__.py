"""What goes to and comes from files: display names, scan reports, saved results, trace export."""

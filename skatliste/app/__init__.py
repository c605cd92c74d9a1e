"""What a user does with a list, as plain functions: values in, results out, never prints."""

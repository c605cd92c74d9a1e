"""skat"""

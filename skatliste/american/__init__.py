"""american"""
